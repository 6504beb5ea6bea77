/**
 * How /api/v1/generate answers, by the request's `Accept` (decision 0138): JSON with both files in
 * base64 and the full validation (the default, `*\/*`, `application/json`); the PDF itself for
 * `application/pdf`; the CII XML itself for `application/xml`. A file answer carries the verdict's
 * summary in the `Einv-Validation` header (an RFC 8941 dictionary) and a file name from the invoice
 * number. Errors stay problem+json whatever was asked.
 */
import type { ValidationResult } from '@einv/core-model';
import { asBuffer, sendProblem } from '@einv/http-kit';
import type { Request, Response } from 'express';

export type Representation = 'json' | 'pdf' | 'xml';
const TYPES: Record<string, Representation> = {
  'application/json': 'json',
  'application/pdf': 'pdf',
  'application/xml': 'xml',
};

/** What the client accepts, JSON first on a tie; a 406 problem (and undefined) when none */
export function acceptedRepresentation(req: Request, res: Response): Representation | undefined {
  res.vary('Accept');
  const type = req.accepts(Object.keys(TYPES));
  if (typeof type === 'string') return TYPES[type];
  sendProblem(
    res,
    406,
    'not-acceptable',
    'Not acceptable',
    `generate answers application/json (both files in base64), application/pdf or application/xml; got Accept: ${req.get('accept')}.`,
    { field: 'accept', allowed: Object.keys(TYPES) },
  );
  return undefined;
}

/** Length of the base64 text of `bytes` bytes */
const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

/** Bytes of the answer body (what MAX_ANSWER_BYTES bounds) */
export function answerBytes(kind: Representation, xml: string, pdf: Uint8Array): number {
  const xmlBytes = Buffer.byteLength(xml, 'utf8');
  if (kind === 'pdf') return pdf.byteLength;
  if (kind === 'xml') return xmlBytes;
  return base64Length(xmlBytes) + base64Length(pdf.byteLength);
}

/**
 * `valid=?1, errors=0, warnings=2, warning-rules="BR-FR-09 EINV-FR-IBAN"`: the verdict at a glance
 * (the full findings are in the JSON answer, or from POST /api/v1/validate with the same body)
 */
export function validationHeader(v: ValidationResult): string {
  const rules = [...new Set(v.warnings.map((f) => f.rule))].slice(0, 20).join(' ');
  return `valid=${v.valid ? '?1' : '?0'}, errors=${v.errors.length}, warnings=${v.warnings.length}${rules ? `, warning-rules="${rules.replace(/["\\]/g, '')}"` : ''}`;
}

/** A file name from the invoice number: letters, digits, `.`, `_`, `-` only */
function fileName(number: unknown, extension: string): string {
  const base = typeof number === 'string' ? number.replace(/[^\w.-]+/g, '_').slice(0, 100) : '';
  return `${base || 'invoice'}.${extension}`;
}

export function sendGenerated(
  res: Response,
  kind: Representation,
  invoice: { number?: unknown },
  result: { xml: string; pdf: Uint8Array; validation: ValidationResult },
): void {
  if (kind === 'json') {
    res.json({
      xml: Buffer.from(result.xml, 'utf8').toString('base64'),
      pdf: asBuffer(result.pdf).toString('base64'),
      validation: result.validation,
    });
    return;
  }
  res.setHeader('Einv-Validation', validationHeader(result.validation));
  res.attachment(fileName(invoice.number, kind));
  if (kind === 'pdf') res.type('application/pdf').send(asBuffer(result.pdf));
  else res.type('application/xml; charset=utf-8').send(Buffer.from(result.xml, 'utf8'));
}
