/**
 * docs/rules.md, generated from the rule catalogue (never written by hand): one section per rule
 * set and family, one row per rule with its severity, business terms and message in English and
 * French, then the contract aliases. A test fails when the committed file is stale.
 */
import { CONTRACT_ALIASES } from '../aliases.js';
import { FIX04_CHANGES } from '../br-fr/releases.js';
import { ruleCatalogue } from '../catalogue.js';
import type { RuleDefinition } from '../define.js';
import { EXTENDED_CTC_FR_XML_JUDGED_RULES } from '../extended-ctc-fr/generated-xml-judged-ids.js';
import {
  ADVISORY_VERSION,
  BR_FR_STANDARD_VERSIONS,
  BR_FR_VERSIONS,
  EN16931_VERSION,
  EXTENDED_CTC_FR_VERSION,
  FACTURX_VERSION,
} from '../ruleset-versions.js';

function severityText(rule: RuleDefinition): string {
  if (rule.editionSeverity) {
    const { transition, standard } = rule.editionSeverity;
    return transition === standard ? transition : `${transition} (transition) / ${standard} (standard)`;
  }
  const s = rule.severity;
  return typeof s === 'string' ? s : s.CII === s.UBL ? s.CII : `${s.CII} (CII) / ${s.UBL} (UBL)`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const SET_TITLES: Record<string, string> = {
  EN16931: `EN 16931 (CEN/TC 434 validation artefacts ${EN16931_VERSION})`,
  'EINV-ADVISORY': `einv advisory checks (version ${ADVISORY_VERSION}): always warnings, run when the seller or buyer is French and the French rules are not off (decision 0074)`,
  'EXTENDED-CTC-FR': `EXTENDED-CTC-FR (FNFE-MPE schematron ${EXTENDED_CTC_FR_VERSION}; 1.4.0.04 of this set is not available to einv): its own rules; a document declaring the profile runs these with the EN 16931 rules the official set keeps, in place of the EN 16931 set (decision 0079)`,
  'BR-FR': `BR-FR (XP Z12-012, FNFE-MPE schematron ${BR_FR_STANDARD_VERSIONS.join(' / ')} standard, default ${BR_FR_VERSIONS.standard}; ${BR_FR_VERSIONS.transition} transition)`,
};

export function renderRulesDoc(): string {
  const out: string[] = [
    '# Business rules',
    '',
    '<!-- Generated from the rule catalogue of @einv/rules by util/rules-doc.ts; do not edit by hand.',
    '     Regenerate: EINV_UPDATE_DOCS=1 npx jest packages/rules/src/util/rules-doc.test.ts -->',
    '',
    `${ruleCatalogue.length} rules. Messages are einv's own words; ids and business terms are the standards'.`,
    'Each rule also carries an explanation and a fix (en, fr), served by the validator at `/v1/rules/{code}`.',
    '',
  ];
  const sets = new Map<string, Map<string, RuleDefinition[]>>();
  for (const r of ruleCatalogue) {
    const set = r.ruleSet.startsWith('FACTUR-X') ? 'FACTUR-X' : r.ruleSet;
    const families = sets.get(set) ?? new Map<string, RuleDefinition[]>();
    const list = families.get(r.family) ?? [];
    list.push(r);
    families.set(r.family, list);
    sets.set(set, families);
  }
  for (const [set, families] of sets) {
    const title = SET_TITLES[set] ?? (set === 'FACTUR-X' ? `Factur-X profiles (${FACTURX_VERSION})` : set);
    out.push(`## ${title}`, '');
    for (const [family, rules] of families) {
      out.push(
        `### ${set} — ${family} (${rules.length})`,
        '',
        '| id | severity | terms | message | message (fr) |',
        '|---|---|---|---|---|',
      );
      for (const r of rules) {
        const profiles = r.profiles ? ` — ${r.profiles.join(', ')}` : '';
        out.push(
          `| ${r.id} | ${severityText(r)}${profiles} | ${r.terms.join(', ')} | ${cell(r.message.en)} | ${cell(r.message.fr)} |`,
        );
      }
      out.push('');
    }
  }
  const onXml = Object.entries(EXTENDED_CTC_FR_XML_JUDGED_RULES);
  out.push(
    `### EXTENDED-CTC-FR — judged on the XML (${onXml.length})`,
    '',
    'The official asserts on what the model does not hold (VAT breakdowns per category, rate and exemption reason, GROUP sums, item attribute codes, EXTENDED code lists and syntax rules): run on the document itself from tables generated from the official schematron (decision 0125).',
    '',
    '| id | severity | message | message (fr) |',
    '|---|---|---|---|',
  );
  for (const [id, r] of onXml) {
    const { CII, UBL } = r.flag;
    const severity =
      CII && UBL && CII !== UBL
        ? `${CII} (CII) / ${UBL} (UBL)`
        : `${CII ?? UBL}${CII && UBL ? '' : CII ? ' (CII only)' : ' (UBL only)'}`;
    out.push(`| ${id} | ${severity} | ${cell(r.en)} | ${cell(r.fr)} |`);
  }
  out.push('');
  out.push(
    '## BR-FR releases: what changed from 1.4.0.03 to 1.4.0.04',
    '',
    'Pick a release with `frenchVersion` (library) or `frenchRules=standard@1.4.0.03` (HTTP); the newest is the default.',
    'Assert ids and flags are the same in both; the differential test (`tests/br-fr/differential.test.ts`) compares each release with its own official set.',
    '',
    '| rules | syntax | change in 1.4.0.04 | einv |',
    '|---|---|---|---|',
    ...FIX04_CHANGES.map((c) => `| ${c.rules} | ${c.syntax} | ${cell(c.change)} | ${cell(c.einv)} |`),
    '',
    '## Contract aliases',
    '',
    'Ids the einv HTTP contracts use with another meaning than the standard; reported next to the official finding (see docs/decisions/0050).',
    '',
    '| id | reported with | path | message |',
    '|---|---|---|---|',
  );
  for (const a of CONTRACT_ALIASES)
    out.push(`| ${a.id} | ${a.officialRule} | \`${a.path}\` | ${cell(a.message.en)} |`);
  out.push('');
  return out.join('\n');
}
