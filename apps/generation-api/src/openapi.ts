/** OpenAPI 3.1 description of every route of the generation service, served at /api/openapi.json. */
import { invoiceOpenApiSchema } from '@einv/core-model';
import { NOTICES_SCHEMA } from '@einv/http-kit';
import { FRENCH_RULES_VALUES, PROCESSING_TYPES } from '@einv/rules';
import { loadExamples } from './examples.js';
import { statusPath } from './openapi-status.js';

/** docs/examples, the copy-paste requests, as the request examples (a test sends each to the service) */
const EXAMPLES = loadExamples();

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});
const json = (
  description: string,
  schema: object,
  otherContent: Record<string, object> = {},
  headers?: Record<string, object>,
) => ({
  description,
  content: { 'application/json': { schema }, ...otherContent },
  ...(headers ? { headers } : {}),
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** A required JSON request body of string members */
const body = (required: readonly string[], optional: readonly string[] = []) => ({
  required: true,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required,
        properties: Object.fromEntries([...required, ...optional].map((k) => [k, { type: 'string' }])),
      },
    },
  },
});
const keyId = [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }];
const noContent = (description: string) => ({ description });
const invoiceBody = {
  required: true,
  content: {
    'application/json': {
      schema: { type: 'object', required: ['invoice'], properties: { invoice: ref('Invoice') } },
      examples: EXAMPLES,
    },
  },
};
const options = [
  {
    name: 'profile',
    in: 'query',
    schema: {
      enum: ['MINIMUM', 'BASIC-WL', 'BASIC', 'EN16931', 'EXTENDED', 'EXTENDED-CTC-FR'],
      default: 'EN16931',
    },
  },
  { name: 'lang', in: 'query', schema: { enum: ['fr', 'en'], default: 'fr' } },
  {
    name: 'frenchRules',
    in: 'query',
    schema: { enum: [...FRENCH_RULES_VALUES], default: 'transition' },
    description:
      'French rules: transition = BR-FR 1.4.0.02 _WARNING; standard = the newest standard release (1.4.0.04); standard@1.4.0.04 or standard@1.4.0.03 pins one; off',
  },
  {
    name: 'processingType',
    in: 'query',
    schema: { enum: [...PROCESSING_TYPES] },
    description: 'The reform processing type (cadre de facturation) for an invoice without a BAR note',
  },
];
const common = {
  '400': problem('empty-body, malformed JSON, missing `invoice`/`xml`, bad base64 or an invalid option'),
  '405': problem('Another method than the route has; the `Allow` header names it'),
  '401': problem(
    'unauthorized: API key missing, invalid or revoked. key-suspended: the key is suspended, and detail says why (plan limit or user). account-suspended',
  ),
  '413': problem('Body over 10 MB'),
  '415': problem('Body not declared as application/json'),
  '429': problem(
    'rate-limited: more than RATE_LIMIT_PER_MINUTE (100) requests per minute for this API key (per IP without one); Retry-After is the time left in the window. too-many-attempts: repeated failed API keys from this IP or for this key, growing delays. See Retry-After',
  ),
  '503': problem(
    'busy: every worker is busy and the queue is full (Retry-After: 1). over-budget: the work took longer than WORK_BUDGET_MS and was stopped (Retry-After)',
  ),
};

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'einv generation service',
    version: '1.0.0',
    description:
      'Generate Factur-X (PDF/A-3 + EN 16931 CII), validate against EN 16931 and BR-FR, parse CII/UBL/Factur-X, check XML. Errors are RFC 9457 problem+json.',
  },
  servers: [{ url: '/' }],
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', description: 'An API key from the portal (einv_…)' },
    },
    schemas: {
      Problem: {
        type: 'object',
        required: ['type', 'title', 'status', 'detail'],
        properties: {
          type: { type: 'string', format: 'uri' },
          title: { type: 'string' },
          status: { type: 'integer' },
          detail: { type: 'string' },
          field: { type: 'string', description: 'The request field or location at fault' },
          validation: ref('ValidationResult'),
        },
      },
      Finding: {
        type: 'object',
        required: ['rule', 'message', 'path', 'severity'],
        properties: {
          rule: { type: 'string', examples: ['BR-01', 'BR-FR-09'] },
          message: { type: 'string' },
          path: { type: 'string', examples: ['invoice.number', 'invoice.lines[1].quantity'] },
          severity: { enum: ['fatal', 'warning', 'information'] },
          bt: { type: 'string' },
          xpath: { type: 'string' },
          line: { type: 'integer' },
        },
      },
      ValidationResult: {
        type: 'object',
        required: ['valid', 'errors', 'warnings'],
        properties: {
          valid: { type: 'boolean' },
          errors: { type: 'array', items: ref('Finding') },
          warnings: { type: 'array', items: ref('Finding') },
          ruleSets: {
            type: 'array',
            items: { type: 'object', properties: { name: { type: 'string' }, version: { type: 'string' } } },
          },
          notices: NOTICES_SCHEMA,
        },
      },
      // the full model, generated from the shape the service enforces and the term catalogue
      Invoice: invoiceOpenApiSchema(EXAMPLES['fr-b2b-two-rates']?.value.invoice),
      Me: {
        type: 'object',
        properties: {
          email: { type: 'string' },
          emailVerified: { type: 'boolean', description: 'Paid plans apply only once the email is verified' },
          pendingEmail: { type: 'string', description: 'An email change waiting for its confirmation link' },
          lang: { enum: ['fr', 'en'] },
          plan: { enum: ['FREE', 'SITE', 'MULTI'] },
          paidUntil: {
            type: 'string',
            description:
              'Only when the plan shown is ending: the latest end of the cancelled purchases granting it',
          },
          billing: {
            type: 'object',
            properties: {
              pastDue: { type: 'boolean', description: 'A payment failed; access continues' },
              processing: { type: 'boolean', description: 'A purchase whose variant maps to no plan yet' },
              manageUrl: { type: 'string', description: "The billing provider's customer portal" },
              upgrade: {
                type: 'object',
                description: 'Checkout URLs per paid plan, with the account id as checkout custom data',
                properties: { SITE: { type: 'string' }, MULTI: { type: 'string' } },
              },
            },
          },
          plans: { type: 'array', items: ref('PlanLimits') },
          usage: {
            type: 'object',
            properties: { month: { type: 'string' }, generated: { type: 'integer' } },
          },
          limits: {
            type: 'object',
            properties: {
              maxKeys: { type: 'integer' },
              monthlyGenerations: { type: ['integer', 'null'] },
              quotaResetsAt: { type: 'string' },
            },
          },
        },
      },
      Key: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          prefix: { type: 'string' },
          createdAt: { type: 'string' },
          lastUsedAt: { type: ['string', 'null'] },
          revokedAt: { type: ['string', 'null'] },
          status: { enum: ['active', 'suspended', 'revoked'] },
          suspendedBecause: { type: 'string', description: 'Why a suspended key is suspended' },
        },
      },
      PlanLimits: {
        type: 'object',
        properties: {
          plan: { enum: ['FREE', 'SITE', 'MULTI'] },
          maxKeys: { type: 'integer' },
          monthlyGenerations: { type: ['integer', 'null'] },
        },
      },
    },
  },
  paths: {
    ...statusPath({ json, problem, common }),
    '/api/v1/generate': {
      post: {
        summary: 'Generate a Factur-X PDF/A-3 and its CII XML from a JSON invoice',
        description:
          'By default the answer is JSON with both files base64-encoded and the full validation. Send `Accept: application/pdf` to get the PDF itself (`Accept: application/xml`: the XML itself), with the verdict summarised in the `Einv-Validation` header. The XML is also inside the PDF (Factur-X), and `Accept: application/xml` with the same body gives it alone.',
        security: [{ bearer: [] }],
        parameters: options,
        requestBody: invoiceBody,
        responses: {
          '200': json(
            'The files and the validation. `xml` and `pdf` are base64 strings (RFC 4648): decode them to get the CII XML (UTF-8) and the Factur-X PDF bytes, e.g. `jq -r .pdf | base64 -d > invoice.pdf`',
            {
              type: 'object',
              required: ['xml', 'pdf', 'validation'],
              properties: {
                xml: {
                  type: 'string',
                  contentEncoding: 'base64',
                  contentMediaType: 'application/xml',
                  description: 'The CII XML embedded in the PDF, base64',
                },
                pdf: {
                  type: 'string',
                  contentEncoding: 'base64',
                  contentMediaType: 'application/pdf',
                  description: 'The Factur-X PDF/A-3 file, base64',
                },
                validation: ref('ValidationResult'),
              },
            },
            {
              'application/pdf': {
                schema: { type: 'string', format: 'binary' },
                description: 'With `Accept: application/pdf`: the Factur-X PDF itself',
              },
              'application/xml': {
                schema: { type: 'string' },
                description: 'With `Accept: application/xml`: the CII XML itself',
              },
            },
            {
              'Einv-Validation': {
                description:
                  'PDF or XML answers only: the verdict as an RFC 8941 dictionary, e.g. `valid=?1, errors=0, warnings=1, warning-rules="BR-FR-09"`. The findings themselves: the JSON answer, or POST /api/v1/validate with the same body',
                schema: { type: 'string' },
              },
              'Content-Disposition': {
                description: 'PDF or XML answers: `attachment; filename=<invoice number>.pdf|.xml`',
                schema: { type: 'string' },
              },
            },
          ),
          '406': problem('Accept names none of application/json (default), application/pdf, application/xml'),
          ...common,
          '402': problem(
            'The FREE monthly quota is used up; says the quota, when it resets, and upgradeUrl (the portal plans)',
          ),
          '422': problem(
            'The invoice has fatal findings: `validation.errors` lists the failing rules; no file produced',
          ),
        },
      },
    },
    '/api/v1/validate': {
      post: {
        summary: 'Validate a JSON invoice (EN 16931 + BR-FR); 200 even when invalid',
        security: [{ bearer: [] }],
        parameters: options.slice(1),
        requestBody: invoiceBody,
        responses: { '200': json('The validation result', ref('ValidationResult')), ...common },
      },
    },
    '/api/v1/parse': {
      post: {
        summary:
          'Parse a CII or UBL XML, or a Factur-X/ZUGFeRD PDF (detected by content), all as base64 in `xml`',
        security: [{ bearer: [] }],
        parameters: options.slice(1),
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['xml'],
                properties: { xml: { type: 'string', contentEncoding: 'base64' } },
              },
            },
          },
        },
        responses: {
          '200': json('The normalised invoice and its validation', {
            type: 'object',
            properties: {
              format: { enum: ['CII', 'UBL'] },
              container: { const: 'FACTURX-PDF' },
              profile: { type: 'string' },
              invoice: ref('Invoice'),
              validation: ref('ValidationResult'),
            },
          }),
          ...common,
        },
      },
    },
    '/check-xml': {
      post: {
        summary: 'Check the syntax and structure of an XML document (no key)',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['xml'], properties: { xml: { type: 'string' } } },
            },
            'application/xml': {
              schema: { type: 'string' },
              description: 'The XML document itself (its encoding declaration is honoured); also text/xml',
            },
            'text/xml': { schema: { type: 'string' } },
          },
        },
        responses: {
          '200': json('The check result', {
            type: 'object',
            properties: {
              valid: { type: 'boolean' },
              format: { enum: ['CII', 'UBL', null] },
              profile: { type: 'string' },
              errors: { type: 'array', items: ref('Finding') },
              warnings: { type: 'array', items: ref('Finding') },
            },
          }),
          '400': common['400'],
          '413': common['413'],
          '415': common['415'],
          '429': common['429'],
        },
      },
    },
    '/api/webhooks/billing': {
      post: {
        summary: 'Billing provider webhooks (signed with HMAC-SHA256 hex in x-signature)',
        parameters: [{ name: 'x-signature', in: 'header', required: true, schema: { type: 'string' } }],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
        responses: {
          '200': json('Event committed', {
            type: 'object',
            properties: {
              received: { const: true },
              outcome: {
                enum: ['applied', 'pending', 'unmapped', 'stale', 'waiting', 'recorded', 'duplicate'],
                description:
                  'pending: no account bound yet; unmapped: the variant maps to no plan (logged at error, not applied)',
              },
            },
          }),
          '400': problem('Signed but not a provider event'),
          '401': {
            description: 'Bad signature',
            content: { 'text/plain': { schema: { const: 'Unauthorized' } } },
          },
        },
      },
    },
    '/api/portal': { get: { summary: 'The portal web page', responses: { '200': { description: 'HTML' } } } },
    '/api/portal/signup': {
      post: {
        summary:
          'Create an unverified account and sign in; a verification link is mailed (password: 10 to 200 characters, not a common one)',
        requestBody: body(['email', 'password'], ['lang']),
        responses: {
          '201': json('Signed in', ref('Me')),
          '400': problem('Invalid email or password'),
          '409': problem('Email taken'),
        },
      },
    },
    '/api/portal/login': {
      post: {
        summary: 'Sign in (sets an HttpOnly, SameSite=Strict session cookie)',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { email: { type: 'string' }, password: { type: 'string' } },
              },
            },
          },
        },
        responses: {
          '200': json('Signed in', ref('Me')),
          '401': problem('Wrong email or password (the same for an unknown email)'),
          '429': problem(
            'too-many-attempts: failed logins per email and per IP, growing delays (Retry-After)',
          ),
        },
      },
    },
    '/api/portal/plans': {
      get: {
        summary: 'The plans and their limits (pricing)',
        responses: {
          '200': json('Plans', {
            type: 'object',
            properties: { plans: { type: 'array', items: ref('PlanLimits') } },
          }),
        },
      },
    },
    '/api/portal/verify-email': {
      post: {
        summary:
          'Follow a mailed verification or email-change link (#verify=<token>); binds pending purchases',
        requestBody: body(['token']),
        responses: {
          '200': json('Verified', { type: 'object' }),
          '400': problem('invalid-link'),
          '409': problem('email-taken'),
        },
      },
    },
    '/api/portal/verify-email/resend': {
      post: {
        summary: 'Mail the verification link again',
        responses: { '202': json('Sent', { type: 'object' }) },
      },
    },
    '/api/portal/password-reset/request': {
      post: {
        summary: 'Mail a reset link if the email has an account (the same answer either way)',
        requestBody: body(['email']),
        responses: { '202': json('Accepted', { type: 'object' }) },
      },
    },
    '/api/portal/password-reset': {
      post: {
        summary:
          'Set a new password from a mailed reset link (#reset=<token>); ends every session, verifies the email',
        requestBody: body(['token', 'password']),
        responses: {
          '200': json('Reset', { type: 'object', properties: { email: { type: 'string' } } }),
          '400': problem('invalid-link or invalid-password'),
        },
      },
    },
    '/api/portal/password': {
      post: {
        summary: 'Change the password; the other sessions end',
        requestBody: body(['currentPassword', 'newPassword']),
        responses: {
          '204': noContent('Changed'),
          '400': problem('invalid-password'),
          '403': problem('wrong-password'),
        },
      },
    },
    '/api/portal/email': {
      post: {
        summary: 'Change the email: a confirmation link goes to the new address',
        requestBody: body(['email', 'password']),
        responses: {
          '202': json('Pending', { type: 'object', properties: { pendingEmail: { type: 'string' } } }),
          '400': problem('invalid-email'),
          '403': problem('wrong-password'),
          '409': problem('email-taken'),
        },
      },
    },
    '/api/portal/account': {
      delete: {
        summary:
          'Delete the account (confirmed by password): keys revoked, sessions ended, billing records kept',
        requestBody: body(['password']),
        responses: { '204': noContent('Deleted'), '403': problem('wrong-password') },
      },
    },
    '/api/portal/logout': {
      post: { summary: 'Sign out', responses: { '204': { description: 'Signed out' } } },
    },
    '/api/portal/me': {
      get: {
        summary: 'Plan, usage and limits',
        responses: { '200': json('The account', ref('Me')), '401': problem('Not signed in') },
      },
    },
    '/api/portal/keys': {
      get: {
        summary: 'List API keys',
        responses: {
          '200': json('Keys', { type: 'object', properties: { keys: { type: 'array', items: ref('Key') } } }),
          '401': problem('Not signed in'),
        },
      },
      post: {
        summary: 'Create an API key (the key is shown once)',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
            },
          },
        },
        responses: {
          '201': json('The new key', {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              key: { type: 'string' },
              prefix: { type: 'string' },
              name: { type: 'string' },
            },
          }),
          '400': problem('Invalid name'),
          '401': problem('Not signed in'),
          '403': problem("The plan's key count is reached"),
        },
      },
    },
    '/api/portal/keys/{id}/suspend': {
      post: {
        summary: 'Suspend an active key',
        parameters: keyId,
        responses: { '204': noContent('Suspended'), '404': problem('key-not-found') },
      },
    },
    '/api/portal/keys/{id}/activate': {
      post: {
        summary:
          "Reactivate a suspended key; at the plan's limit, `replacing` names the active key it replaces",
        parameters: keyId,
        requestBody: body([], ['replacing']),
        responses: {
          '204': noContent('Active'),
          '403': problem('key-limit (field: replacing)'),
          '404': problem('key-not-found'),
        },
      },
    },
    '/api/portal/keys/{id}': {
      delete: {
        summary: 'Revoke an API key',
        parameters: keyId,
        responses: {
          '204': { description: 'Revoked' },
          '401': problem('Not signed in'),
          '404': problem('No such live key'),
        },
      },
    },
    '/api/openapi.json': {
      get: { summary: 'This document', responses: { '200': { description: 'OpenAPI 3.1' } } },
    },
    '/api/docs': {
      get: { summary: 'This document as a browsable page', responses: { '200': { description: 'HTML' } } },
    },
    '/': {
      get: { summary: 'Redirects to the portal', responses: { '302': { description: 'To /api/portal' } } },
    },
    '/healthz': { get: { summary: 'Liveness', responses: { '200': json('OK', { type: 'object' }) } } },
    '/readyz': {
      get: {
        summary: 'Readiness: database, Redis (when set) and the worker pool; 503 while saturated or stopping',
        responses: {
          '200': json('Ready', { type: 'object' }),
          '503': json('Not ready: the failing check is named in `checks`', { type: 'object' }),
        },
      },
    },
    '/metrics': {
      get: {
        summary:
          'Prometheus metrics; exists only when METRICS_TOKEN is set, behind `Authorization: Bearer <METRICS_TOKEN>`',
        responses: {
          '200': { description: 'Prometheus text format' },
          '401': { description: 'Missing or wrong token' },
        },
      },
    },
  },
} as const;
