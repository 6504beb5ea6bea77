/** OpenAPI fragments both services describe the same way */

/** `notices` of a report: what is said of the document as a whole (decision 0113) */
export const NOTICES_SCHEMA = {
  description:
    'Said of the document as a whole: FX-BOOKING-AID for a MINIMUM or BASIC-WL document (a booking aid, not an invoice under EN 16931 nor the French reform)',
  type: 'array',
  items: {
    type: 'object',
    required: ['code', 'message'],
    properties: { code: { type: 'string' }, message: { type: 'string' } },
  },
} as const;
