/** OpenAPI 3.1 of the validation service, served at /v1/openapi.json (docs page: /v1/docs). */
import { NOTICES_SCHEMA } from '@einv/http-kit';
import { FRENCH_RULES_VALUES, PROCESSING_TYPES } from '@einv/rules';

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const options = [
  {
    name: 'lang',
    in: 'query',
    schema: { enum: ['en', 'fr'] },
    description:
      'Language of messages, problems and the receipt. Without it the Accept-Language header decides (English when it names neither).',
  },
  {
    name: 'frenchRules',
    in: 'query',
    schema: { enum: [...FRENCH_RULES_VALUES], default: 'transition' },
    description:
      'French rules (apply when the seller is French): transition = BR-FR 1.4.0.02 _WARNING; standard = the newest standard release (1.4.0.04); standard@1.4.0.04 or standard@1.4.0.03 pins one; off. The report names the sets and versions run.',
  },
  {
    name: 'processingType',
    in: 'query',
    schema: { enum: [...PROCESSING_TYPES] },
    description:
      'The reform processing type (cadre de facturation) for an invoice without a BAR note; the BR-FR rules that read the BAR note use it',
  },
  {
    name: 'profile',
    in: 'query',
    schema: {
      enum: ['auto', 'MINIMUM', 'BASIC-WL', 'BASIC', 'EN16931', 'EXTENDED', 'EXTENDED-CTC-FR'],
      default: 'auto',
    },
    description:
      'Force a Factur-X profile, or EXTENDED-CTC-FR (its own rule set in place of EN 16931), instead of detecting it',
  },
];

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'einv validation API',
    version: '1.0.0',
    description:
      'Free EN 16931 / BR-FR / Factur-X validation. 60 requests per minute per IP, uploads up to 20 MB. Errors are RFC 9457 problem+json.',
  },
  servers: [{ url: '/' }],
  components: {
    schemas: {
      Problem: {
        type: 'object',
        required: ['type', 'title', 'status', 'detail'],
        properties: {
          type: { type: 'string' },
          title: { type: 'string' },
          status: { type: 'integer' },
          detail: { type: 'string' },
          field: { type: 'string' },
        },
      },
      Finding: {
        type: 'object',
        required: ['rule', 'message', 'path', 'severity'],
        properties: {
          rule: { type: 'string' },
          message: { type: 'string' },
          path: { type: 'string', examples: ['invoice.lines[0].vatRate'] },
          severity: { enum: ['fatal', 'warning', 'information'] },
          bt: { type: 'string' },
          btName: { type: 'string', description: 'Name of the business term in the report’s language' },
          xpath: { type: 'string' },
          line: { type: 'integer' },
          value: { description: 'The offending value, when useful to show' },
          found: {
            type: 'string',
            description:
              'Calculation and consistency findings: the value the document gives, as written (absent when it gives none)',
            examples: ['999.99'],
          },
          expected: {
            type: 'string',
            description:
              'Calculation and consistency findings: the value the rule computed, a machine-readable decimal (the page and the HTML / PDF receipts show found and expected in the reader’s number format: 1 380,71 in French, 1,380.71 in English)',
            examples: ['1380.71'],
          },
          derivation: {
            type: 'string',
            description:
              'How the expected value derives from the other terms, in the report’s language (the EXTENDED-CTC-FR VAT breakdown rules judged on the XML included, from the official test)',
            examples: ['BT-112 = BT-109 + BT-110 = 1 267,50 + 113,21 = 1 380,71 ; la facture indique 999,99'],
          },
        },
      },
      SkippedRuleSet: {
        type: 'object',
        required: ['name', 'reason', 'message'],
        properties: {
          name: { const: 'BR-FR' },
          reason: { enum: ['edition-off', 'seller-not-french', 'booking-aid'] },
          message: { type: 'string' },
        },
      },
      Receipt: {
        type: 'object',
        description: '?report=json: the data of the receipt (the pdf and html forms draw the same)',
        properties: {
          lang: { enum: ['en', 'fr'] },
          date: { type: 'string', format: 'date-time' },
          valid: { type: 'boolean' },
          file: {
            type: 'object',
            properties: { name: { type: 'string' }, size: { type: 'integer' }, sha256: { type: 'string' } },
          },
          format: { type: 'string' },
          profile: { type: 'string' },
          ruleSets: { type: 'array', items: { type: 'object' } },
          skippedRuleSets: { type: 'array', items: ref('SkippedRuleSet') },
          errors: { type: 'array', items: ref('Finding') },
          warnings: { type: 'array', items: ref('Finding') },
        },
      },
      Report: {
        type: 'object',
        required: ['valid', 'kind', 'format', 'ruleSets', 'errors', 'warnings'],
        properties: {
          valid: { type: 'boolean' },
          kind: {
            description:
              'What the document is: an invoice, or a lifecycle status message (CDAR, root rsm:CrossDomainAcknowledgementAndResponse), judged by the official BR-FR-CDV rules',
            enum: ['invoice', 'status-message'],
          },
          format: { enum: ['CII', 'UBL', 'FACTURX-PDF', 'CDAR'] },
          statusMessage: {
            description:
              'For a status message: its status (MDT-105) and label, the invoice it is about (MDT-87), its phase (MDT-77: 23 processing, 305 transmission)',
            type: 'object',
            properties: {
              status: { type: 'string', examples: ['212'] },
              label: { type: 'string', examples: ['Encaissée'] },
              labelSource: {
                description:
                  'Where the label comes from: official (the French label of the official artefacts), einv (einv’s own wording: English labels, and French ones no official artefact gives), none (no label known: the code itself)',
                enum: ['official', 'einv', 'none'],
              },
              invoiceNumber: { type: 'string' },
              phase: { type: 'string', examples: ['23', '305'] },
            },
          },
          syntax: { enum: ['CII', 'UBL'] },
          profile: { type: 'string' },
          documentType: { type: 'string' },
          ruleSets: {
            type: 'array',
            items: { type: 'object', properties: { name: { type: 'string' }, version: { type: 'string' } } },
          },
          errors: {
            description:
              'Every fatal finding, the PDF checks included: valid is false exactly when this is not empty',
            type: 'array',
            items: ref('Finding'),
          },
          warnings: { type: 'array', items: ref('Finding') },
          notices: NOTICES_SCHEMA,
          skippedRuleSets: {
            description:
              'Rule sets that did not run and why (the French rules: seller not in France, turned off, booking aid)',
            type: 'array',
            items: ref('SkippedRuleSet'),
          },
          pdf: {
            type: 'object',
            properties: {
              findings: {
                description: 'The findings about the PDF container (also in errors / warnings)',
                type: 'array',
                items: ref('Finding'),
              },
              embedded: {
                type: 'object',
                properties: { filename: { type: 'string' }, size: { type: 'integer' } },
              },
            },
          },
        },
      },
    },
  },
  paths: {
    '/v1/validate': {
      post: {
        summary: 'Validate an XML invoice (CII, UBL) or a Factur-X/ZUGFeRD PDF',
        description:
          'Free and open to pages of any origin (CORS: `Access-Control-Allow-Origin: *`, GET and POST, no credentials).',
        parameters: [
          ...options,
          {
            name: 'report',
            in: 'query',
            schema: { enum: ['json', 'html', 'pdf'] },
            description:
              'Answer with the downloadable receipt instead of the report: verdict, rule sets and versions run, file name, size and SHA-256, every finding with business term, XPath, line and found / expected, and the date, in the request’s language. pdf is a PDF/A-3 file drawn by einv; html a standalone page; json the same data (Receipt). Sent as an attachment named after the file.',
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/xml': { schema: { type: 'string' } },
            'text/xml': { schema: { type: 'string' } },
            'application/pdf': { schema: { type: 'string', format: 'binary' } },
            'application/octet-stream': {
              schema: { type: 'string', format: 'binary' },
              description: 'Any file: the content decides (PDF header, XML root), never the declared type',
            },
            'application/json': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: { type: 'string', contentEncoding: 'base64' },
                  filename: { type: 'string' },
                },
              },
            },
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                description: 'One file per request, in the field `file`',
                properties: { file: { type: 'string', format: 'binary' } },
              },
            },
          },
        },
        responses: {
          '200': {
            description:
              'The report (also for invalid invoices); with ?report= the receipt as an attachment (Content-Disposition)',
            content: {
              'application/json': { schema: { oneOf: [ref('Report'), ref('Receipt')] } },
              'application/pdf': { schema: { type: 'string', format: 'binary' } },
              'text/html': { schema: { type: 'string' } },
            },
          },
          '400': problem(
            'empty-body, no-file, too-many-files (one file per request), bad-base64, unknown-format, invalid-option',
          ),
          '405': problem('Another method than POST; `Allow: POST`'),
          '413': problem('Upload over 20 MB'),
          '503': problem(
            'busy: every worker is busy and the queue is full; over-budget: the work took longer than WORK_BUDGET_MS. See Retry-After',
          ),
          '415': problem('Unsupported content type'),
          '429': problem('Over 60 requests per minute from this IP (Retry-After)'),
        },
      },
    },
    '/v1/formats': {
      get: {
        summary: 'Supported formats and rule sets, and the roadmap',
        responses: {
          '200': { description: 'Formats', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
    '/v1/rules/{code}': {
      get: {
        summary:
          'Plain-language explanation of any finding code einv emits: business rules, official syntax rules, structure, PDF/A and Factur-X codes',
        parameters: [
          {
            name: 'code',
            in: 'path',
            required: true,
            schema: {
              type: 'string',
              examples: ['BR-CO-10', 'BR-FR-09', 'CII-SR-001', 'XSD-ORDER', 'PDFA-6.2.11.4'],
            },
          },
          {
            name: 'lang',
            in: 'query',
            schema: { enum: ['en', 'fr'] },
            description: 'Without it the Accept-Language header decides',
          },
        ],
        responses: {
          '200': {
            description: 'The explanation',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    code: { type: 'string' },
                    ruleSet: {
                      type: 'string',
                      examples: ['EN16931', 'BR-FR', 'CII-SYNTAX', 'STRUCTURE', 'PDFA'],
                    },
                    lang: { enum: ['en', 'fr'] },
                    severity: {},
                    terms: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: { id: { type: 'string' }, name: { type: 'string' } },
                      },
                    },
                    checks: { type: 'string' },
                    explanation: { type: 'string' },
                    fix: { type: 'string' },
                  },
                },
              },
            },
          },
          '400': problem('Malformed rule code'),
          '404': problem('Unknown rule'),
        },
      },
    },
    '/v1/openapi.json': {
      get: { summary: 'This document', responses: { '200': { description: 'OpenAPI 3.1' } } },
    },
    '/v1/docs': {
      get: { summary: 'This document as a browsable page', responses: { '200': { description: 'HTML' } } },
    },
    '/healthz': { get: { summary: 'Liveness', responses: { '200': { description: 'OK' } } } },
    '/readyz': {
      get: {
        summary: 'Readiness: Redis (when set) and the worker pool; 503 while saturated or stopping',
        responses: {
          '200': { description: 'Ready' },
          '503': { description: 'Not ready; the failing check is named' },
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
