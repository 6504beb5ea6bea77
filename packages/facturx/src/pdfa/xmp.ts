/**
 * XMP metadata for PDF/A-3 and Factur-X, written by hand so that every value is escaped (pdfkit
 * copies Info values into XMP verbatim: an `&` in a seller name would make the packet ill-formed
 * and the file non-conformant). Values are also stripped of characters XML 1.0 forbids.
 */
import { type Profile, XMP_CONFORMANCE_LEVELS } from '@einv/core-model';

export const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** The Factur-X identification the XMP carries (fx: properties). */
export interface FacturxXmp {
  documentFileName: string;
  documentType: 'INVOICE';
  version: string;
  conformanceLevel: string;
}

export interface XmpFields {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  creatorTool: string;
  producer: string;
  /** ISO date-time of creation and modification (the caller's `now`) */
  createDate: Date;
  modifyDate: Date;
  facturx?: FacturxXmp;
}

export function facturxXmpFor(profile: Profile, documentFileName = 'factur-x.xml'): FacturxXmp {
  return {
    documentFileName,
    documentType: 'INVOICE',
    version: '1.0',
    conformanceLevel: XMP_CONFORMANCE_LEVELS[profile],
  };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML 1.0 forbids
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escapes a value for XML text or attribute content and drops characters XML 1.0 forbids. */
export function escapeXml(value: string): string {
  return value
    .replace(XML_FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** XMP date: ISO 8601 in UTC, seconds precision, as the Info dictionary's D:…Z dates. */
export function xmpDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

function property(name: string, description: string, valueType = 'Text'): string {
  return `<rdf:li rdf:parseType="Resource">
<pdfaProperty:name>${name}</pdfaProperty:name>
<pdfaProperty:valueType>${valueType}</pdfaProperty:valueType>
<pdfaProperty:category>external</pdfaProperty:category>
<pdfaProperty:description>${escapeXml(description)}</pdfaProperty:description>
</rdf:li>`;
}

/** The PDF/A extension schema declaring the fx: properties (PDF/A requires every custom property declared). */
export function facturxExtensionSchema(): string {
  return `<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas>
<rdf:Bag>
<rdf:li rdf:parseType="Resource">
<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
<pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI>
<pdfaSchema:prefix>fx</pdfaSchema:prefix>
<pdfaSchema:property>
<rdf:Seq>
${property('DocumentFileName', 'The name of the embedded XML document')}
${property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER')}
${property('Version', 'The actual version of the standard applying to the embedded XML document')}
${property('ConformanceLevel', 'The conformance level of the embedded XML document')}
</rdf:Seq>
</pdfaSchema:property>
</rdf:li>
</rdf:Bag>
</pdfaExtension:schemas>
</rdf:Description>`;
}

/** The rdf:Description blocks (without pdfaid, which pdfkit writes itself from the `subset` option). */
export function xmpDescriptions(fields: XmpFields): string {
  const parts: string[] = [];
  parts.push(`<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
<xmp:CreateDate>${xmpDate(fields.createDate)}</xmp:CreateDate>
<xmp:ModifyDate>${xmpDate(fields.modifyDate)}</xmp:ModifyDate>
<xmp:MetadataDate>${xmpDate(fields.modifyDate)}</xmp:MetadataDate>
<xmp:CreatorTool>${escapeXml(fields.creatorTool)}</xmp:CreatorTool>
</rdf:Description>`);
  const dc: string[] = [];
  if (fields.title) {
    dc.push(
      `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(fields.title)}</rdf:li></rdf:Alt></dc:title>`,
    );
  }
  if (fields.author)
    dc.push(`<dc:creator><rdf:Seq><rdf:li>${escapeXml(fields.author)}</rdf:li></rdf:Seq></dc:creator>`);
  if (fields.subject) {
    dc.push(
      `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(fields.subject)}</rdf:li></rdf:Alt></dc:description>`,
    );
  }
  if (dc.length > 0) {
    parts.push(`<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:format>application/pdf</dc:format>
${dc.join('\n')}
</rdf:Description>`);
  }
  const keywords = fields.keywords ? `\n<pdf:Keywords>${escapeXml(fields.keywords)}</pdf:Keywords>` : '';
  parts.push(`<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<pdf:Producer>${escapeXml(fields.producer)}</pdf:Producer>${keywords}
</rdf:Description>`);
  if (fields.facturx) {
    const fx = fields.facturx;
    parts.push(facturxExtensionSchema());
    parts.push(`<rdf:Description rdf:about="" xmlns:fx="${FX_NAMESPACE}">
<fx:DocumentType>${escapeXml(fx.documentType)}</fx:DocumentType>
<fx:DocumentFileName>${escapeXml(fx.documentFileName)}</fx:DocumentFileName>
<fx:Version>${escapeXml(fx.version)}</fx:Version>
<fx:ConformanceLevel>${escapeXml(fx.conformanceLevel)}</fx:ConformanceLevel>
</rdf:Description>`);
  }
  return parts.join('\n');
}

/** A complete XMP packet (used when rewriting metadata of an existing PDF with pdf-lib). */
export function xmpPacket(fields: XmpFields, pdfaId: { part: number; conformance: string }): string {
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
<pdfaid:part>${pdfaId.part}</pdfaid:part>
<pdfaid:conformance>${escapeXml(pdfaId.conformance)}</pdfaid:conformance>
</rdf:Description>
${xmpDescriptions(fields)}
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}
