/**
 * Documents that cannot be read as an invoice, one of each kind (issue #11): each must get exactly one
 * finding naming the cause, `valid: false`, and counts that match the lists, in the library, both
 * APIs and the validator page. `generated` is a valid Factur-X PDF made by the caller (the truncated
 * one is cut from it), so this module needs nothing but its argument.
 */
import { prng } from './prng.js';

export interface UnreadableInput {
  name: string;
  file: string;
  bytes: Uint8Array;
  /** The rule of the one finding */
  rule: string;
  /** What its message must say */
  cause: RegExp;
  /** Detected as a PDF or an invoice XML (a report), or not recognised at all (HTTP 400) */
  recognised: boolean;
}

const enc = (s: string) => new TextEncoder().encode(s);

/** A one-page PDF without attachments, offsets computed so its cross-reference table is right */
function plainPdf(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return enc(body);
}

/** Seeded bytes that start with neither `%PDF` nor `<` */
function randomBytes(): Uint8Array {
  const next = prng(11);
  const out = new Uint8Array(2048);
  for (let i = 0; i < out.length; i++) out[i] = Math.floor(next() * 256);
  out[0] = 0x01;
  return out;
}

export function unreadableInputs(generated: Uint8Array): UnreadableInput[] {
  return [
    {
      name: 'a plain PDF',
      file: 'plain.pdf',
      bytes: plainPdf(),
      rule: 'FX-NO-INVOICE',
      cause: /plain PDF/,
      recognised: true,
    },
    {
      name: 'a truncated Factur-X PDF',
      file: 'truncated.pdf',
      bytes: generated.subarray(0, Math.floor(generated.length / 2)),
      // what is left has no readable catalog (the cause), and the damage is named in the message
      rule: 'PDF-CATALOG',
      cause: /damaged \(truncated\?\)/,
      recognised: true,
    },
    {
      name: 'a CII with a DOCTYPE',
      file: 'doctype.xml',
      bytes: enc(
        '<?xml version="1.0"?>\n<!DOCTYPE rsm:CrossIndustryInvoice [<!ENTITY x "y">]>\n<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>',
      ),
      rule: 'XML-DTD',
      cause: /DOCTYPE|DTD/,
      recognised: true,
    },
    {
      name: 'an XML that is not an invoice',
      file: 'order.xml',
      bytes: enc('<?xml version="1.0"?>\n<order xmlns="urn:example:order"><id>1</id></order>'),
      rule: 'FORMAT',
      cause: /root element is <order>/,
      recognised: false,
    },
    {
      name: 'random bytes',
      file: 'random.bin',
      bytes: randomBytes(),
      rule: 'FORMAT',
      cause: /neither a PDF/,
      recognised: false,
    },
  ];
}
