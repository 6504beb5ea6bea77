import * as cii from '../packages/cii/dist/index.js';
import { validateDocument } from '../packages/facturx/dist/index.js';
import { validate } from '../packages/rules/dist/index.js';
import * as ubl from '../packages/ubl/dist/index.js';
import { measure, median, printTable, sharedXmlFiles } from './lib.mjs';

const examples = sharedXmlFiles;

function run(title, docs, read, check, syntax) {
  const rows = [];
  for (const { name, bytes } of docs) {
    const oneParse = measure(() => validateDocument(bytes), { warmup: 30, runs: 200 }).median;
    const separate = measure(
      () => {
        const r = read(bytes);
        const c = check(bytes);
        return [c, validate(r.invoice, { syntax, locations: r.locations, source: r.source })];
      },
      { warmup: 30, runs: 200 },
    ).median;
    rows.push({
      document: name.length > 30 ? `${name.slice(0, 29)}…` : name,
      'validateDocument ms': oneParse,
      'read + check + validate ms': separate,
      'separate / validateDocument': separate / oneParse,
    });
  }
  printTable(title, rows);
  const col = (c) => median(rows.map((r) => r[c]));
  console.log(
    `\nmedian over documents: validateDocument ${col('validateDocument ms').toFixed(3)} ms, separate calls ${col('read + check + validate ms').toFixed(3)} ms (×${(col('read + check + validate ms') / col('validateDocument ms')).toFixed(2)})`,
  );
}

run(
  'validateDocument per official UBL example',
  examples('en16931/ubl/examples'),
  ubl.readUbl,
  ubl.checkUbl,
  'UBL',
);
run(
  'validateDocument per official CII example',
  examples('en16931/cii/examples'),
  cii.readCii,
  cii.checkCii,
  'CII',
);
