/**
 * MINIMUM and BASIC-WL documents get the verdict of their profile's official rules (decision 0113):
 * - every FeRD / phive sample of these profiles in ../shared/corpus (XML and Factur-X PDF): valid
 *   exactly when the official profile schematron (oracle --facturx=PROFILE --no-cen) and the
 *   profile's XSD (libxml2) accept it, and the same BR-* ids;
 * - seeded edits of four samples (each leaf element removed, each value replaced): the same BR-* ids
 *   as the official profile schematron, the known differences below pinned.
 */
import fs from 'node:fs';
import { validateDocument } from '@einv/facturx';
import { BOOKING_AID_NOTICE, PROFILE_BUSINESS_RULES, TYPE_CODE_BLIND_RULES } from '@einv/rules';
import { expect, it } from '@jest/globals';
import { ciiXsd, xsdVerdict } from '../structure/support.js';
import { runOracle } from '../support/oracle.js';
import { describeIfShared, sharedPath } from '../support/shared.js';

type BookingAid = 'MINIMUM' | 'BASIC-WL';
const enc = (s: string) => new TextEncoder().encode(s);

interface Sample {
  path: string;
  profile: BookingAid;
  bytes: Uint8Array;
  /** The invoice XML (the embedded one for a PDF) */
  xml: string;
}

function samples(): Sample[] {
  const [head, ...lines] = fs
    .readFileSync(sharedPath('corpus/index.tsv'), 'utf8')
    .split('\n')
    .filter(Boolean);
  const cols = (head ?? '').split('\t');
  const out: Sample[] = [];
  for (const line of lines) {
    const v = line.split('\t');
    const get = (name: string) => v[cols.indexOf(name)] ?? '';
    const profile =
      get('profile') === 'MINIMUM' ? 'MINIMUM' : get('profile') === 'BASICWL' ? 'BASIC-WL' : undefined;
    if (!profile) continue;
    const xmlPath = get('extracted_path') || get('path');
    out.push({
      path: get('path'),
      profile,
      bytes: new Uint8Array(fs.readFileSync(sharedPath('corpus', get('path')))),
      xml: fs.readFileSync(sharedPath('corpus', xmlPath), 'utf8'),
    });
  }
  return out;
}

const brIds = (ids: Iterable<string>) => [...new Set([...ids].filter((r) => r.startsWith('BR-')))].sort();

async function officialBr(docs: { id: string; xml: string; profile: BookingAid }[]) {
  const out = new Map<string, { br: string[]; failed: number }>();
  for (const profile of ['MINIMUM', 'BASIC-WL'] as const) {
    const mine = docs.filter((d) => d.profile === profile);
    if (!mine.length) continue;
    const results = await runOracle(mine, { facturx: profile, cen: false });
    for (const r of results) {
      const fatal = r.failed.filter((f) => f.flag !== 'warning');
      out.set(r.id, { br: brIds(fatal.map((f) => f.id)), failed: fatal.length });
    }
  }
  return out;
}

/** The BR-* asserts of a schematron or rule table: id → test, whitespace normalised */
function officialTests(text: string, tsv: boolean): Map<string, string> {
  const norm = (t: string) =>
    t
      .replace(/\s+/g, ' ')
      .replace(/&apos;/g, "'")
      .trim();
  const out = new Map<string, string>();
  if (tsv)
    for (const row of text.split('\n')) {
      const c = row.split('\t');
      if (c[0]?.startsWith('BR-')) out.set(c[0], norm(c[4] ?? ''));
    }
  else
    for (const m of text.matchAll(/<assert id="(BR-[^"]+)" test="([^"]*)"/g))
      out.set(m[1] ?? '', norm(m[2] ?? ''));
  return out;
}

describeIfShared('MINIMUM and BASIC-WL: the verdict of the profile’s official rules', () => {
  const all = samples();

  it('the rules judged blind to the tax type code are exactly those whose profile test drops it', () => {
    const cen = officialTests(fs.readFileSync(sharedPath('en16931/rules-cii.tsv'), 'utf8'), true);
    for (const profile of ['MINIMUM', 'BASIC-WL'] as const) {
      const sch = fs.readFileSync(sharedPath(`facturx/1.09.2/${profile}/FACTUR-X_${profile}.sch`), 'utf8');
      const own = officialTests(sch, false);
      expect([...own.keys()].sort()).toEqual([...PROFILE_BUSINESS_RULES[profile]].sort());
      const blind = [...own].filter(
        ([id, test]) => /TypeCode/.test(cen.get(id) ?? '') && !/TypeCode/.test(test),
      );
      expect(blind.map(([id]) => id).sort()).toEqual(
        profile === 'BASIC-WL' ? [...TYPE_CODE_BLIND_RULES] : [],
      );
    }
  });

  it('every FeRD / phive sample: valid exactly when the profile schematron and XSD accept it, same BR-* ids', async () => {
    expect(all.length).toBeGreaterThanOrEqual(20);
    const official = await officialBr(all.map((s) => ({ id: s.path, xml: s.xml, profile: s.profile })));
    const differences: string[] = [];
    for (const s of all) {
      const report = validateDocument(s.bytes, { frenchEdition: 'off' });
      const o = official.get(s.path);
      const xsd = xsdVerdict(s.xml, ciiXsd(s.profile));
      const officialValid = o?.failed === 0 && xsd === null;
      expect(report.notices?.map((n) => n.code)).toEqual([BOOKING_AID_NOTICE]);
      const ours = brIds(report.errors.map((f) => f.rule));
      // the PDF container's own findings are not the profile's verdict on the invoice
      const invoiceValid = !report.errors.some((f) => !f.path.startsWith('pdf'));
      if (invoiceValid !== officialValid || ours.join() !== o?.br.join())
        differences.push(
          `${s.path}: ours ${invoiceValid} [${ours}] official ${officialValid} [${o?.br}] xsd ${xsd}`,
        );
    }
    console.log(
      `booking-aid samples: ${all.length - differences.length}/${all.length} with the official profile verdict (${all.filter((s) => s.profile === 'MINIMUM').length} MINIMUM, ${all.filter((s) => s.profile === 'BASIC-WL').length} BASIC-WL)`,
    );
    expect(differences).toEqual([]);
  });

  it('seeded edits of four samples: the same BR-* ids as the official profile schematron', async () => {
    const bases = all.filter((s) => s.path.includes('zugferd240de') && s.path.endsWith('.xml'));
    expect(bases).toHaveLength(4);
    const docs: { id: string; xml: string; profile: BookingAid }[] = [];
    for (const base of bases) {
      let n = 0;
      // every leaf element removed, and its value replaced (numbers get a digit, text becomes XX)
      for (const m of base.xml.matchAll(/<([\w]+:[\w]+)(\s[^>]*)?>([^<]*)<\/\1>/g)) {
        const at = m.index ?? 0;
        const before = base.xml.slice(0, at);
        const after = base.xml.slice(at + m[0].length);
        docs.push({ id: `${base.path}|${n++}`, xml: before + after, profile: base.profile });
        const value = (m[3] ?? '').trim();
        if (!value) continue;
        const replaced = /^-?[\d.]+$/.test(value) ? `${value}5` : 'XX';
        docs.push({
          id: `${base.path}|${n++}`,
          xml: before + m[0].replace(`>${m[3]}<`, `>${replaced}<`) + after,
          profile: base.profile,
        });
      }
    }
    const official = await officialBr(docs);
    // none explained any more: an emptied seller address is kept by the reader (decision 0114)
    const differences: string[] = [];
    for (const d of docs) {
      // the oracle is told the profile: so is validateDocument (an edited BT-24 declares none)
      const report = validateDocument(enc(d.xml), { profile: d.profile, frenchEdition: 'off' });
      const ours = brIds([...report.errors, ...report.warnings].map((f) => f.rule));
      const theirs = official.get(d.id)?.br ?? [];
      if (ours.join() !== theirs.join()) differences.push(`${d.id}: ours [${ours}] official [${theirs}]`);
    }
    console.log(`booking-aid edits: ${docs.length - differences.length}/${docs.length} identical BR-* sets`);
    expect(docs.length).toBeGreaterThan(150);
    expect(differences).toEqual([]);
  });
});
