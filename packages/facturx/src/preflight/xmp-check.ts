/**
 * PDF/A clause 6.6: the XMP packet must be well-formed, identify PDF/A-3 (pdfaid:part 3), and every
 * property outside the predefined schemas must be declared by an extension schema. Also reads the
 * Factur-X fx: properties for the FX-* checks.
 */
import type { Finding } from '@einv/core-model';
import { parseXml, type XmlElement } from '@einv/xml';
import { type Lang, pdfFinding } from '../findings.js';

const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
const PDFA_SCHEMA = 'http://www.aiim.org/pdfa/ns/schema#';
const PDFA_PROPERTY = 'http://www.aiim.org/pdfa/ns/property#';

/** Schemas PDF/A predefines (XMP 2004 + PDF/A identification and extension schemas) */
const PREDEFINED = new Set([
  'http://purl.org/dc/elements/1.1/',
  'http://ns.adobe.com/xap/1.0/',
  'http://ns.adobe.com/xap/1.0/rights/',
  'http://ns.adobe.com/xap/1.0/mm/',
  'http://ns.adobe.com/xap/1.0/bj/',
  'http://ns.adobe.com/xap/1.0/t/pg/',
  'http://ns.adobe.com/xmp/1.0/DynamicMedia/',
  'http://ns.adobe.com/pdf/1.3/',
  'http://ns.adobe.com/photoshop/1.0/',
  'http://ns.adobe.com/tiff/1.0/',
  'http://ns.adobe.com/exif/1.0/',
  'http://ns.adobe.com/exif/1.0/aux/',
  'http://ns.adobe.com/camera-raw-settings/1.0/',
  'http://www.aiim.org/pdfa/ns/id/',
  'http://www.aiim.org/pdfa/ns/extension/',
]);

export interface XmpProperty {
  ns: string;
  name: string;
  value: string;
}

export interface XmpInfo {
  wellFormed: boolean;
  properties: XmpProperty[];
  /** namespace URI → declared property names */
  declared: Map<string, Set<string>>;
  get(ns: string, name: string): string | undefined;
}

function prefixMap(xmp: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of xmp.matchAll(/xmlns:([\w.-]+)\s*=\s*["']([^"']*)["']/g)) map.set(m[1]!, m[2]!);
  return map;
}

function descendants(el: XmlElement, visit: (e: XmlElement) => void): void {
  const stack = [el];
  while (stack.length) {
    const e = stack.pop()!;
    visit(e);
    for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i]!);
  }
}

function deepText(el: XmlElement): string {
  let s = el.text;
  descendants(el, (d) => {
    if (d !== el) s += d.text;
  });
  return s.trim();
}

export function readXmpInfo(xmp: string): XmpInfo {
  const properties: XmpProperty[] = [];
  const declared = new Map<string, Set<string>>();
  const get = (ns: string, name: string) => properties.find((p) => p.ns === ns && p.name === name)?.value;
  const parsed = parseXml(xmp.replace(/^\uFEFF/, ''));
  if (!parsed.ok) return { wellFormed: false, properties, declared, get };
  const prefixes = prefixMap(xmp);
  descendants(parsed.root, (e) => {
    if (e.ns !== RDF || e.local !== 'Description') return;
    // only top-level descriptions (children of rdf:RDF) carry schema properties
    if (e.parent?.local !== 'RDF') return;
    for (const [qname, value] of Object.entries(e.attrs)) {
      const i = qname.indexOf(':');
      if (i < 0) continue;
      const ns = prefixes.get(qname.slice(0, i)) ?? '';
      if (ns === RDF || ns === 'http://www.w3.org/XML/1998/namespace') continue;
      properties.push({ ns, name: qname.slice(i + 1), value });
    }
    for (const c of e.children) properties.push({ ns: c.ns, name: c.local, value: deepText(c) });
  });
  // extension schemas: every pdfaSchema:namespaceURI with its pdfaProperty:name list
  descendants(parsed.root, (e) => {
    if (e.ns !== PDFA_SCHEMA || e.local !== 'namespaceURI') return;
    const holder = e.parent;
    if (!holder) return;
    const uri = e.text.trim();
    const names = declared.get(uri) ?? new Set<string>();
    descendants(holder, (d) => {
      if (d.ns === PDFA_PROPERTY && d.local === 'name') names.add(d.text.trim());
    });
    declared.set(uri, names);
  });
  return { wellFormed: true, properties, declared, get };
}

export function checkXmp(xmp: string | undefined, lang: Lang): { findings: Finding[]; info?: XmpInfo } {
  const findings: Finding[] = [];
  if (xmp === undefined) {
    findings.push(
      pdfFinding(
        'PDFA-6.6.2.1',
        'fatal',
        'pdf.catalog.Metadata',
        {
          en: 'The document catalog has no XMP metadata stream; PDF/A requires one.',
          fr: 'Le catalogue du document n’a pas de flux de métadonnées XMP ; PDF/A l’exige.',
        },
        lang,
      ),
    );
    return { findings };
  }
  const info = readXmpInfo(xmp);
  if (!info.wellFormed) {
    findings.push(
      pdfFinding(
        'PDFA-6.6.2.1',
        'fatal',
        'pdf.catalog.Metadata',
        {
          en: 'The XMP metadata is not well-formed XML (often an unescaped & or < in a title or name).',
          fr: 'Les métadonnées XMP ne sont pas un XML bien formé (souvent un & ou un < non échappé dans un titre ou un nom).',
        },
        lang,
      ),
    );
    return { findings, info };
  }
  const part = info.get('http://www.aiim.org/pdfa/ns/id/', 'part');
  const conformance = info.get('http://www.aiim.org/pdfa/ns/id/', 'conformance');
  if (part !== '3') {
    findings.push(
      pdfFinding(
        'PDFA-6.6.4',
        'fatal',
        'pdf.catalog.Metadata',
        {
          en: `The XMP does not identify the file as PDF/A-3 (pdfaid:part is ${part ?? 'absent'}, expected 3); Factur-X requires PDF/A-3.`,
          fr: `Le XMP n’identifie pas le fichier comme PDF/A-3 (pdfaid:part vaut ${part ?? 'absent'}, attendu 3) ; Factur-X exige PDF/A-3.`,
        },
        lang,
        part,
      ),
    );
  } else if (!conformance || !['A', 'B', 'U'].includes(conformance)) {
    findings.push(
      pdfFinding(
        'PDFA-6.6.4',
        'fatal',
        'pdf.catalog.Metadata',
        {
          en: `pdfaid:conformance is ${conformance ?? 'absent'}; expected A, B or U.`,
          fr: `pdfaid:conformance vaut ${conformance ?? 'absent'} ; attendu A, B ou U.`,
        },
        lang,
        conformance,
      ),
    );
  }
  const reported = new Set<string>();
  for (const p of info.properties) {
    if (PREDEFINED.has(p.ns)) continue;
    const names = info.declared.get(p.ns);
    if (names?.has(p.name)) continue;
    const key = `${p.ns}|${p.name}`;
    if (reported.has(key)) continue;
    reported.add(key);
    findings.push(
      pdfFinding(
        'PDFA-6.6.2.3',
        'fatal',
        'pdf.catalog.Metadata',
        {
          en: `The XMP property ${p.name} (namespace ${p.ns || 'none'}) is not declared by a PDF/A extension schema.`,
          fr: `La propriété XMP ${p.name} (espace de noms ${p.ns || 'aucun'}) n’est déclarée par aucun schéma d’extension PDF/A.`,
        },
        lang,
      ),
    );
  }
  return { findings, info };
}
