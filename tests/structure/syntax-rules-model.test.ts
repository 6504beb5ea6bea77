/**
 * Decision 0227: the CII syntax rules run with the profile's model once the structure check found
 * nothing leave out the "must be absent" paths that model rules out. Here: the same findings as the
 * full rules, on every CII document of ../shared and mutations of them, each checked against all
 * five profiles' models (a document that passes a smaller profile's model takes the most pruned rules).
 */
import { checkCiiStructure, checkCiiStructureAndSyntax, checkCiiSyntaxRules } from '@einv/cii';
import type { Profile } from '@einv/core-model';
import { parseXml, type XmlElement } from '@einv/xml';
import { expect, it } from '@jest/globals';
import { describeIfShared } from '../support/shared.js';
import { withMutations } from './agreement.js';
import { ciiDocs } from './support.js';

const PROFILES: Profile[] = ['MINIMUM', 'BASIC-WL', 'BASIC', 'EN16931', 'EXTENDED'];

function rootOf(xml: string): XmlElement | null {
  const parsed = parseXml(xml);
  return parsed.ok ? parsed.root : null;
}

describeIfShared('CII syntax rules with the model the document passed (decision 0227)', () => {
  it('give the findings the full rules give, on documents valid under the model and not', () => {
    const cases = withMutations(ciiDocs(), 2, 104729);
    const differ: string[] = [];
    let withModel = 0;
    for (const c of cases) {
      for (const profile of PROFILES) {
        const one = rootOf(c.xml);
        const two = rootOf(c.xml);
        if (!one || !two) continue;
        const together = checkCiiStructureAndSyntax(one, profile);
        const structure = checkCiiStructure(two, profile);
        if (structure.length === 0) withModel++;
        const apart = [...structure, ...checkCiiSyntaxRules(two)];
        if (JSON.stringify(together) !== JSON.stringify(apart)) differ.push(`${c.id} [${profile}]`);
      }
    }
    expect(differ).toEqual([]);
    // the pruned rules were exercised, under several profiles' models
    expect(withModel).toBeGreaterThan(200);
  });
});
