/** Documents of the differential test: corpus (with recorded official verdicts), official examples, Annexe B */
import fs from 'node:fs';
import path from 'node:path';
import { writeCii } from '@einv/cii';
import { complete } from '@einv/core-model';
import { writeUbl } from '@einv/ubl';
import { loadFixtures } from '../../fixtures/load.js';
import { sharedFiles, sharedPath } from '../support/shared.js';
import { isEn16931BusinessRule, type Syntax, syntaxOf } from './support.js';

export interface Doc {
  id: string;
  xml: string;
  syntax: Syntax;
  /** official fired BR-* ids when already known (corpus observed_* columns) */
  official?: Set<string>;
}

/** Corpus files: XML as is, PDFs through their extracted XML; official verdicts from index.tsv */
export function corpusDocs(): Doc[] {
  const tsv = fs.readFileSync(sharedPath('corpus/index.tsv'), 'utf8').split('\n');
  const header = (tsv[0] ?? '').split('\t');
  const col = (name: string) => header.indexOf(name);
  const docs: Doc[] = [];
  for (const line of tsv.slice(1)) {
    if (!line.trim()) continue;
    const cells = line.split('\t');
    const rel = cells[col('kind')] === 'pdf' ? cells[col('extracted_path')] : cells[col('path')];
    if (!rel) continue;
    const file = sharedPath('corpus', rel);
    if (!fs.existsSync(file)) continue;
    const xml = fs.readFileSync(file, 'utf8');
    const syntax = syntaxOf(xml);
    if (!syntax) continue;
    const fired = `${cells[col('observed_fatal_rules')] ?? ''};${cells[col('observed_warning_rules')] ?? ''}`
      .split(';')
      .map((s) => s.trim())
      .filter(isEn16931BusinessRule);
    docs.push({ id: `corpus/${cells[col('path')]}`, xml, syntax, official: new Set(fired) });
  }
  return docs;
}

/** The official CEN examples (CII and UBL) */
export function officialExampleDocs(): Doc[] {
  const files = [
    ...sharedFiles('en16931/cii/examples', (n) => /\.xml$/i.test(n)),
    ...sharedFiles('en16931/ubl/examples', (n) => /\.xml$/i.test(n)),
  ];
  return toDocs(files);
}

/** Annexe B invoices (CII and UBL; the CDAR status messages beside them are not invoices) */
export function annexeBDocs(): Doc[] {
  return toDocs(sharedFiles('br-fr/examples', (n) => /\.xml$/i.test(n)));
}

function toDocs(files: string[]): Doc[] {
  const docs: Doc[] = [];
  for (const file of files) {
    const xml = fs.readFileSync(file, 'utf8');
    const syntax = syntaxOf(xml);
    if (!syntax) continue;
    docs.push({ id: path.relative(sharedPath(), file), xml, syntax });
  }
  return docs;
}

/** Our own JSON fixtures, completed and written by writeCii (EN16931 profile) and writeUbl */
export function writtenFixtureDocs(): Doc[] {
  const docs: Doc[] = [];
  for (const f of loadFixtures({ small: true })) {
    const inv = complete(f.invoice);
    docs.push({
      id: `fixtures/${f.name}.cii.xml`,
      xml: writeCii(inv, { profile: 'EN16931' }).xml,
      syntax: 'CII',
    });
    docs.push({ id: `fixtures/${f.name}.ubl.xml`, xml: writeUbl(inv).xml, syntax: 'UBL' });
  }
  return docs;
}
