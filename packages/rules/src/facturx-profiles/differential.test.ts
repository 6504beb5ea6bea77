/**
 * Differential test of the Factur-X profile code-list rules against the official Factur-X 1.09.2
 * EN16931 profile schematron (the one the oracle wires, SaxonJS): CII EN16931 documents of the
 * corpus and the Annexe B examples, plus deterministic code mutations. Compares, per document, the
 * FX-SCH-A ids of the EN16931 profile that we implement (the other FX-SCH-A assertions are XML
 * structure, see docs/conformance.md). Needs ../shared.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readCii } from '@einv/cii';
import { beforeAll, expect, it } from '@jest/globals';
import { runJsonLines } from '../../../../tests/support/oracle.js';
import { describeIfShared, sharedPath } from '../../../../tests/support/shared.js';
import { rules } from './index.js';

interface Doc {
  id: string;
  xml: string;
}

const OURS = new Set(rules.filter((r) => r.profiles?.includes('EN16931')).map((r) => r.id));
const CORPUS_DOCS = 10;

function loadDocs(): Doc[] {
  const index = fs.readFileSync(sharedPath('corpus/index.tsv'), 'utf8').split('\n').slice(1);
  const corpus = index
    .map((l) => l.split('\t'))
    .filter((c) => c[2]?.startsWith('CII') && c[3] === 'EN16931' && c[7] === 'xml' && c[0])
    .slice(0, CORPUS_DOCS)
    .map((c) => sharedPath('corpus', c[0] ?? ''));
  const annexe = ['UC1', 'UC2', 'UC3', 'UC4']
    .flatMap((uc) =>
      fs
        .readdirSync(sharedPath('br-fr/examples/annexe-b-v1.3', uc))
        .map((f) => sharedPath('br-fr/examples/annexe-b-v1.3', uc, f)),
    )
    .filter((f) => f.endsWith('_CII_EN16931.xml'));
  return [...corpus, ...annexe].map((file) => ({
    id: path.relative(sharedPath(), file),
    xml: fs.readFileSync(file, 'utf8'),
  }));
}

const sub = (re: RegExp, by: string) => (x: string) => (re.test(x) ? x.replace(re, by) : undefined);
const MUTATIONS: [string, (x: string) => string | undefined][] = [
  ['type-code-999', sub(/(<rsm:ExchangedDocument>[\s\S]*?<ram:TypeCode>)[^<]*/, '$1999')],
  ['currency-XXY', sub(/(<ram:InvoiceCurrencyCode>)[^<]*/, '$1XXY')],
  ['seller-country-XY', sub(/(<ram:SellerTradeParty>[\s\S]*?<ram:CountryID>)[^<]*/, '$1XY')],
  ['unit-code-ZZZ', sub(/(<ram:BilledQuantity unitCode=")[^"]*/, '$1ZZZQ')],
  ['note-subject-ZZZ', sub(/(<ram:IncludedNote>)/, '$1<ram:SubjectCode>ZZZ</ram:SubjectCode>')],
  ['payment-means-999', sub(/(<ram:SpecifiedTradeSettlementPaymentMeans>\s*<ram:TypeCode>)[^<]*/, '$1999')],
  [
    'guideline-basicwl',
    sub(
      /(<ram:GuidelineSpecifiedDocumentContextParameter>\s*<ram:ID>)[^<]*/,
      '$1urn:factur-x.eu:1p0:basicwl',
    ),
  ],
  [
    'vat-category-Q',
    sub(
      /(<ram:ApplicableHeaderTradeSettlement>[\s\S]*?<ram:ApplicableTradeTax>[\s\S]*?<ram:CategoryCode>)[^<]*/,
      '$1Q',
    ),
  ],
  [
    'legal-scheme-9999',
    sub(
      /(<ram:SellerTradeParty>[\s\S]*?<ram:SpecifiedLegalOrganization>\s*<ram:ID schemeID=")[^"]*/,
      '$19999',
    ),
  ],
];

/** The official Factur-X EN16931 schematron alone, in one child process */
function runFacturx(docs: Doc[]): Promise<{ id: string; failed: { id: string }[]; error?: string }[]> {
  const script = `
import readline from 'node:readline';
const { run } = await import(process.env.EINV_ORACLE_URL);
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { id, xml } = JSON.parse(line);
  try { console.log(JSON.stringify({ id, failed: run('facturx', xml) })); }
  catch (e) { console.log(JSON.stringify({ id, failed: [], error: String(e && e.message || e) })); }
}`;
  return runJsonLines({ script }, docs, 'Factur-X oracle');
}

describeIfShared('Factur-X EN16931 profile code lists against the official schematron', () => {
  const originals = loadDocs();
  const docs: Doc[] = [...originals];
  MUTATIONS.forEach(([name, apply], k) => {
    for (let j = 0; j < 3; j++) {
      const base = originals[(k * 3 + j) % originals.length];
      const xml = base ? apply(base.xml) : undefined;
      if (base && xml && xml !== base.xml) docs.push({ id: `${base.id}#${name}`, xml });
    }
  });
  let official: { id: string; failed: { id: string }[]; error?: string }[] = [];

  beforeAll(async () => {
    official = await runFacturx(docs);
  }, 300_000);

  it('our FX-SCH-A code-list verdicts equal the official ones on every document', () => {
    const lines: string[] = [];
    let identical = 0;
    let firedOfficially = 0;
    docs.forEach((d, i) => {
      const res = official[i];
      expect(res?.error).toBeUndefined();
      const theirs = new Set((res?.failed ?? []).map((f) => f.id).filter((id) => OURS.has(id)));
      firedOfficially += theirs.size;
      const { invoice } = readCii(d.xml);
      const ours = new Set<string>();
      for (const rule of rules) {
        if (!OURS.has(rule.id)) continue;
        rule.check(invoice, () => ours.add(rule.id), { syntax: 'CII', lang: 'en', profile: 'EN16931' });
      }
      const a = [...theirs].filter((x) => !ours.has(x));
      const b = [...ours].filter((x) => !theirs.has(x));
      if (a.length || b.length)
        lines.push(`  ${d.id}: only official [${a.join(' ')}] only ours [${b.join(' ')}]`);
      else identical++;
    });
    console.log(
      `Factur-X EN16931 code lists: ${docs.length} documents (${originals.length} + ${docs.length - originals.length} mutations), ${identical} identical, ${firedOfficially} official fires of implemented ids\n${lines.join('\n')}`,
    );
    expect(firedOfficially).toBeGreaterThanOrEqual(MUTATIONS.length);
    expect(lines).toEqual([]);
  });
});
