/**
 * PDF/A-3 clause 6.8 (embedded files: /F and /UF, /AFRelationship, MIME /Subtype, /Params with
 * /ModDate, association through /AF) and the Factur-X points: file name, MIME type, AFRelationship
 * allowed for the profile, and fx: XMP values equal to what the XML says.
 */
import {
  EXTENDED_CTC_FR,
  EXTENDED_CTC_FR_ID,
  type Finding,
  GUIDELINE_IDS,
  type Profile,
} from '@einv/core-model';
import { INVOICE_FILE_NAMES } from '../extract.js';
import { type Lang, pdfFinding } from '../findings.js';
import { afRelationshipFor, conformanceLevelOf, guidelineIdOf, profileOfGuideline } from '../guideline.js';
import { FX_NAMESPACE } from '../pdfa/xmp.js';
import type { EmbeddedFile } from '../reader/attachments.js';
import type { XmpInfo } from './xmp-check.js';

export function checkEmbeddedFiles(files: EmbeddedFile[], lang: Lang): Finding[] {
  const out: Finding[] = [];
  for (const f of files) {
    const path = `pdf.attachments["${f.name}"]`;
    if (!f.filespec.has('F') || !f.filespec.has('UF')) {
      out.push(
        pdfFinding(
          'PDFA-6.8-FILESPEC',
          'fatal',
          path,
          {
            en: `The file specification of ${f.name} must have both /F and /UF.`,
            fr: `La spécification de fichier de ${f.name} doit avoir /F et /UF.`,
          },
          lang,
        ),
      );
    }
    if (!f.afRelationship) {
      out.push(
        pdfFinding(
          'PDFA-6.8-AFRELATIONSHIP',
          'fatal',
          path,
          {
            en: `The embedded file ${f.name} has no /AFRelationship (PDF/A-3 requires one: Data, Source, Alternative, Supplement or Unspecified).`,
            fr: `Le fichier joint ${f.name} n’a pas de /AFRelationship (PDF/A-3 l’exige : Data, Source, Alternative, Supplement ou Unspecified).`,
          },
          lang,
        ),
      );
    }
    if (!f.inCatalogAF) {
      out.push(
        pdfFinding(
          'PDFA-6.8-AF',
          'fatal',
          path,
          {
            en: `The embedded file ${f.name} is not listed in the catalog's /AF array (associated files).`,
            fr: `Le fichier joint ${f.name} n’est pas listé dans le tableau /AF du catalogue (fichiers associés).`,
          },
          lang,
        ),
      );
    }
    if (!f.mimeType) {
      out.push(
        pdfFinding(
          'PDFA-6.8-SUBTYPE',
          'fatal',
          path,
          {
            en: `The embedded file stream of ${f.name} has no MIME type (/Subtype).`,
            fr: `Le flux du fichier joint ${f.name} n’a pas de type MIME (/Subtype).`,
          },
          lang,
        ),
      );
    }
    if (!f.hasParams || f.params?.modDate === undefined) {
      out.push(
        pdfFinding(
          'PDFA-6.8-PARAMS',
          'fatal',
          path,
          {
            en: `The embedded file stream of ${f.name} has no /Params with /ModDate.`,
            fr: `Le flux du fichier joint ${f.name} n’a pas de /Params avec /ModDate.`,
          },
          lang,
        ),
      );
    }
  }
  return out;
}

export function checkFacturx(
  invoiceFile: EmbeddedFile,
  xml: string | undefined,
  xmp: XmpInfo | undefined,
  lang: Lang,
): Finding[] {
  const out: Finding[] = [];
  const path = `pdf.attachments["${invoiceFile.name}"]`;
  const profile = xml ? profileOfGuideline(guidelineIdOf(xml)) : undefined;
  const expectedName = profile === 'XRECHNUNG' ? 'xrechnung.xml' : 'factur-x.xml';
  if (invoiceFile.name !== expectedName) {
    const legacy = INVOICE_FILE_NAMES.some((n) => n.toLowerCase() === invoiceFile.name.toLowerCase());
    out.push(
      pdfFinding(
        'FX-FILENAME',
        legacy ? 'warning' : 'fatal',
        path,
        {
          en: `The invoice XML is embedded as ${invoiceFile.name}; Factur-X 1.0 names it ${expectedName}.`,
          fr: `La facture XML est jointe sous le nom ${invoiceFile.name} ; Factur-X 1.0 la nomme ${expectedName}.`,
        },
        lang,
        invoiceFile.name,
      ),
    );
  }
  if (invoiceFile.mimeType !== 'text/xml') {
    out.push(
      pdfFinding(
        'FX-MIME',
        invoiceFile.mimeType === 'application/xml' ? 'warning' : 'fatal',
        path,
        {
          en: `The invoice XML has MIME type ${invoiceFile.mimeType ?? 'none'}; Factur-X requires text/xml.`,
          fr: `La facture XML a le type MIME ${invoiceFile.mimeType ?? 'aucun'} ; Factur-X exige text/xml.`,
        },
        lang,
        invoiceFile.mimeType,
      ),
    );
  }
  if (profile && profile !== 'XRECHNUNG' && invoiceFile.afRelationship) {
    const expected = afRelationshipFor(profile);
    const rel = invoiceFile.afRelationship;
    if (rel !== expected) {
      // Factur-X before 1.0.7 used Data for every profile: tolerated with a warning
      const tolerated = rel === 'Data' || rel === 'Alternative' || rel === 'Source';
      out.push(
        pdfFinding(
          'FX-AFRELATIONSHIP',
          tolerated ? 'warning' : 'fatal',
          path,
          {
            en: `AFRelationship is ${rel}; for the ${profile} profile Factur-X expects ${expected}.`,
            fr: `AFRelationship vaut ${rel} ; pour le profil ${profile}, Factur-X attend ${expected}.`,
          },
          lang,
          rel,
        ),
      );
    }
  }
  if (!xmp?.wellFormed) return out;
  const fx = (name: string) =>
    xmp.get(FX_NAMESPACE, name) ??
    xmp.properties.find((p) => p.name === name && /factur-x|zugferd|xrechnung/i.test(p.ns))?.value;
  const fileName = fx('DocumentFileName');
  const docType = fx('DocumentType');
  const version = fx('Version');
  const level = fx('ConformanceLevel');
  if (fileName === undefined || docType === undefined || version === undefined || level === undefined) {
    out.push(
      pdfFinding(
        'FX-XMP',
        'fatal',
        'pdf.catalog.Metadata',
        {
          en: 'The XMP lacks Factur-X identification (fx:DocumentType, fx:DocumentFileName, fx:Version, fx:ConformanceLevel).',
          fr: 'Le XMP n’a pas l’identification Factur-X (fx:DocumentType, fx:DocumentFileName, fx:Version, fx:ConformanceLevel).',
        },
        lang,
      ),
    );
    return out;
  }
  if (fileName !== invoiceFile.name) {
    out.push(
      pdfFinding(
        'FX-XMP-FILENAME',
        'fatal',
        'pdf.catalog.Metadata',
        {
          en: `fx:DocumentFileName is ${fileName} but the invoice is embedded as ${invoiceFile.name}.`,
          fr: `fx:DocumentFileName vaut ${fileName} mais la facture est jointe sous le nom ${invoiceFile.name}.`,
        },
        lang,
        fileName,
      ),
    );
  }
  if (docType !== 'INVOICE') {
    out.push(
      pdfFinding(
        'FX-XMP-DOCTYPE',
        'fatal',
        'pdf.catalog.Metadata',
        {
          en: `fx:DocumentType is ${docType}; an invoice declares INVOICE.`,
          fr: `fx:DocumentType vaut ${docType} ; une facture déclare INVOICE.`,
        },
        lang,
        docType,
      ),
    );
  }
  if (profile === EXTENDED_CTC_FR) {
    // Factur-X 1.09.2 has no level for it: whatever the XMP says, it does not describe this XML
    out.push(
      pdfFinding(
        'FX-XMP-CONFORMANCE',
        'fatal',
        'pdf.catalog.Metadata',
        {
          en: `fx:ConformanceLevel is ${level} but the embedded XML declares EXTENDED-CTC-FR (BT-24 ${EXTENDED_CTC_FR_ID}), which Factur-X 1.09.2 has no conformance level for. A Factur-X PDF carries the EXTENDED-CTC-FR invoice with the Factur-X EXTENDED id (${GUIDELINE_IDS.EXTENDED}) and fx:ConformanceLevel EXTENDED, as the official Annexe B Factur-X does.`,
          fr: `fx:ConformanceLevel vaut ${level} mais le XML joint déclare l’EXTENDED-CTC-FR (BT-24 ${EXTENDED_CTC_FR_ID}), pour lequel Factur-X 1.09.2 n’a pas de niveau de conformité. Un PDF Factur-X porte la facture EXTENDED-CTC-FR avec l’identifiant Factur-X EXTENDED (${GUIDELINE_IDS.EXTENDED}) et fx:ConformanceLevel EXTENDED, comme la Factur-X officielle de l’annexe B.`,
        },
        lang,
        level,
      ),
    );
  } else if (profile) {
    const expected = conformanceLevelOf(profile);
    if (level.toUpperCase() !== expected) {
      out.push(
        pdfFinding(
          'FX-XMP-CONFORMANCE',
          'fatal',
          'pdf.catalog.Metadata',
          {
            en: `fx:ConformanceLevel is ${level} but the embedded XML declares the ${profile} profile (expected ${expected}).`,
            fr: `fx:ConformanceLevel vaut ${level} mais le XML joint déclare le profil ${profile} (attendu : ${expected}).`,
          },
          lang,
          level,
        ),
      );
    }
  }
  return out;
}

export type { Profile };
