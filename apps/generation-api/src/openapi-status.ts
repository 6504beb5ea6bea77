/** The OpenAPI description of POST /api/v1/status (routes/status.ts), kept beside its route's own module */
import { STATUS_CODES } from '@einv/facturx';
import { FRENCH_RULES_VALUES } from '@einv/rules';

type Helpers = {
  json: (description: string, schema: object) => object;
  problem: (description: string) => object;
  common: Record<string, object>;
};

const party = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    siren: { type: 'string', description: 'SIREN (9 digits): MDT-129 for the seller, MDT-38 for the buyer' },
    siret: { type: 'string' },
    legalRegistrationId: {
      type: 'object',
      properties: { id: { type: 'string' }, scheme: { type: 'string' } },
    },
    electronicAddress: {
      type: 'object',
      description:
        'Where the status message goes (MDT-73): the seller’s, or the buyer’s for a seller’s status',
      properties: { id: { type: 'string' }, scheme: { type: 'string', examples: ['0225'] } },
    },
  },
};

export function statusPath({ json, problem, common }: Helpers) {
  return {
    '/api/v1/status': {
      post: {
        summary:
          'Build a lifecycle status message (CDAR, XP Z12-012 Flux 6) about an invoice, and judge it with the official BR-FR-CDV rules',
        description:
          'Give the invoice JSON of /generate under `invoice`, or only its references under `invoiceRef`. Processing-phase statuses are set by the buyer (212, 220, 224–228 by the seller); 200–203, 213, 221 and 501 by the platform (transmission phase). 212 Encaissée needs `details.collected` (amount and VAT rate); 206, 207, 208, 210, 213 and 501 need `details.reason`. Not counted in the generation quota.',
        security: [{ bearer: [] }],
        parameters: [
          { name: 'lang', in: 'query', schema: { enum: ['fr', 'en'], default: 'fr' } },
          {
            name: 'frenchRules',
            in: 'query',
            schema: { enum: [...FRENCH_RULES_VALUES], default: 'standard' },
            description:
              'BR-FR-CDV edition and release: standard = 1.4.0.04, standard@1.4.0.03 pins the older one, transition = 1.4.0.02 _WARNING (warnings only), off',
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['status'],
                properties: {
                  status: {
                    enum: [...STATUS_CODES],
                    description: 'MDT-105, e.g. 205 Approuvée, 210 Refusée, 212 Encaissée',
                  },
                  invoice: { $ref: '#/components/schemas/Invoice' },
                  invoiceRef: {
                    type: 'object',
                    required: ['number'],
                    properties: {
                      number: { type: 'string', description: 'BT-1' },
                      issueDate: { type: 'string', format: 'date', description: 'BT-2' },
                      typeCode: { type: 'string', description: 'BT-3 (default 380)' },
                      currency: { type: 'string' },
                      seller: party,
                      buyer: party,
                    },
                  },
                  details: {
                    type: 'object',
                    properties: {
                      at: {
                        type: 'string',
                        format: 'date-time',
                        description: 'MDT-8 / MDT-78 (default now)',
                      },
                      id: { type: 'string', description: 'MDT-4' },
                      businessProcess: { type: 'string', default: 'REGULATED', description: 'MDT-2' },
                      by: { enum: ['seller', 'buyer', 'platform'] },
                      reason: {
                        type: 'object',
                        properties: { code: { type: 'string' }, text: { type: 'string' } },
                      },
                      action: {
                        type: 'object',
                        properties: { code: { type: 'string' }, text: { type: 'string' } },
                      },
                      note: { type: 'string' },
                      collected: {
                        type: 'array',
                        maxItems: 100,
                        items: {
                          type: 'object',
                          required: ['amount', 'vatRate'],
                          properties: {
                            amount: { type: ['string', 'number'], description: 'MDT-215' },
                            vatRate: { type: ['string', 'number'], description: 'MDT-224' },
                            currency: { type: 'string' },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        responses: {
          '200': json('The CDAR XML (base64), the message as JSON, and its BR-FR-CDV verdict', {
            type: 'object',
            properties: {
              xml: { type: 'string', contentEncoding: 'base64' },
              message: { type: 'object' },
              validation: {
                type: 'object',
                properties: {
                  valid: { type: 'boolean' },
                  ruleSets: { type: 'array', items: { type: 'object' } },
                  errors: { type: 'array', items: { type: 'object' } },
                  warnings: { type: 'array', items: { type: 'object' } },
                },
              },
            },
          }),
          '422': problem(
            'status-not-buildable: what the official rules require is missing (e.g. 212 without details.collected); `field` names it',
          ),
          ...common,
        },
      },
    },
  };
}
