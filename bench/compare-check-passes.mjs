// The four passes over the parsed tree besides the reader — the structure check (XSD content
// models), the syntax rules (schematron patterns), the source facts (the official rule contexts
// counted by countRuleContexts and the sites of SiteTable.collect) — of two builds, alternating in
// one process on fresh trees of the same documents: CPU time per document, median of interleaved
// rounds (issue 18, decision 0160). Like compare-builds.mjs, read the ratios: the load moves the times.
//   node bench/compare-check-passes.mjs A_ROOT B_ROOT [examples-cii|examples-ubl|cii:N|ubl:N] [rounds]
// (every mode, N = 1000, when none is given; any N, e.g. cii:10000, when named).
// Since session 17 the default passes are 'source facts' and 'structure + syntax' (checkCii's and
// checkUbl's two passes as they run them: checkCiiStructureAndSyntax where the build has it, where
// the syntax rules skip what the profile's XSD rules out once the structure check found nothing,
// decision 0227; else the two functions one after the other); PASSES='structure,syntax rules' times
// each alone (the syntax rules then without the model). The trees come from the decoded text (the string parser) unless
// FROM=bytes, which parses the UTF-8 bytes as validateDocument does (the byte parser, decision 0153).
// The passes run in validateDocument's order (source facts, structure, syntax rules; until session 15
// the source facts ran last here: compare 'together' across sessions, not single passes).
// PASSES=a,b runs only those passes ('structure', 'syntax rules', 'source facts'): each pass on a
// fresh tree then builds the per-document indexes it needs itself, as the first pass over a tree does
// in validateDocument (where the source facts come first, with the reader).
import path from 'node:path';
import { largeInvoiceXml } from '../fixtures/scripts/gen-large-xml.mjs';
import { sharedXmlFiles } from './lib.mjs';

const [aRoot, bRoot, only, roundsArg] = process.argv.slice(2);
if (!aRoot || !bRoot) {
  console.error('usage: node bench/compare-check-passes.mjs A_ROOT B_ROOT [mode] [rounds]');
  process.exit(2);
}
const rounds = Number(roundsArg ?? 25);
const fromBytes = process.env.FROM === 'bytes';

async function load(root) {
  const dist = (p) => import(path.resolve(root, 'packages', p));
  const { parseXml } = await dist('xml/dist/index.js');
  const ublRules = await dist('ubl/dist/check/syntax-rules.js');
  const ciiRules = await dist('cii/dist/check/syntax-rules.js');
  const ublCheck = await dist('ubl/dist/check/check-ubl.js');
  const ciiCheck = await dist('cii/dist/check/check-cii.js');
  const ublFacts = await dist('ubl/dist/source-facts.js');
  const ciiFacts = await dist('cii/dist/source-facts.js');
  const both = (structure, syntaxRules) => (r) => {
    structure(r);
    syntaxRules(r);
  };
  return {
    parseXml,
    // in validateDocument's order: the reader's source facts, then checkCii/checkUbl's structure
    // check and syntax rules
    ubl: {
      'source facts': (r) => ublFacts.ublSourceFacts(r, [], new Map()),
      structure: ublCheck.checkUblStructure,
      'syntax rules': ublRules.checkUblSyntaxRules,
      'structure + syntax': both(ublCheck.checkUblStructure, ublRules.checkUblSyntaxRules),
    },
    cii: {
      'source facts': (r) => ciiFacts.ciiSourceFacts(r, [], new Map()),
      structure: (r) => ciiCheck.checkCiiStructure(r, 'EN16931'),
      'syntax rules': ciiRules.checkCiiSyntaxRules,
      'structure + syntax': ciiCheck.checkCiiStructureAndSyntax
        ? (r) => ciiCheck.checkCiiStructureAndSyntax(r, 'EN16931')
        : both((r) => ciiCheck.checkCiiStructure(r, 'EN16931'), ciiRules.checkCiiSyntaxRules),
    },
  };
}

const texts = (mode) => {
  const syntax = mode.includes('cii') ? 'cii' : 'ubl';
  if (mode.startsWith('examples'))
    return sharedXmlFiles(`en16931/${syntax}/examples`)
      .map((f) => f.bytes)
      .filter((b) => b.length < 1e6) // the 3 MB attachment example would weigh more than all others
      .map((b) => (fromBytes ? b : new TextDecoder().decode(b)));
  const large = largeInvoiceXml(syntax, Number(mode.split(':')[1]));
  return [fromBytes ? new TextEncoder().encode(large) : large];
};

const builds = [await load(aRoot), await load(bRoot)];
const median = (v) => [...v].sort((x, y) => x - y)[v.length >> 1];
console.log(
  `A = ${aRoot}\nB = ${bRoot}\nCPU ms per document, median of ${rounds} interleaved rounds, trees parsed from ${fromBytes ? 'bytes' : 'text'}\n`,
);
for (const mode of only ? [only] : ['examples-cii', 'examples-ubl', 'cii:1000', 'ubl:1000']) {
  const syntax = mode.includes('cii') ? 'cii' : 'ubl';
  const docs = texts(mode);
  const chosen = process.env.PASSES?.split(',') ?? ['source facts', 'structure + syntax'];
  const passes = Object.keys(builds[0][syntax]).filter((p) => chosen.includes(p));
  const rows = [...passes, 'together'];
  const times = builds.map(() => Object.fromEntries(rows.map((p) => [p, []])));
  for (let round = 0; round < rounds + 2; round++) {
    // the builds' order alternated from round to round: in one process the second build of a round
    // pays for the garbage the first one left (bench/lib.mjs alternated, session 17)
    for (const k of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const build = builds[k];
      // fresh trees: the passes share per-document indexes, built on the first pass over a tree
      // (no size limit: the 10,000-line invoices pass the parser's default 20 MiB)
      const trees = docs.map((t) => build.parseXml(t, { maxBytes: 1e9 }).root);
      let together = 0;
      for (const p of passes) {
        const fn = build[syntax][p];
        const c0 = process.cpuUsage();
        for (const root of trees) fn(root);
        const c = process.cpuUsage(c0);
        const ms = (c.user + c.system) / 1000 / docs.length;
        together += ms;
        if (round >= 2) times[k][p].push(ms);
      }
      if (round >= 2) times[k].together.push(together);
    }
  }
  for (const p of rows) {
    const a = median(times[0][p]);
    const b = median(times[1][p]);
    console.log(
      `${mode.padEnd(13)} ${p.padEnd(18)} A ${a.toFixed(3)}  B ${b.toFixed(3)}  B / A ${(b / a).toFixed(2)}`,
    );
  }
}
