import { describe, expect, it } from '@jest/globals';
import { parseXml } from './parse.js';
import { indicatorValue, SiteHits, SiteTable } from './sites.js';
import type { XmlElement } from './types.js';

const NS = 'urn:test';
function root(xml: string): XmlElement {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.root;
}

const DOC = `<r xmlns="${NS}">
  <Party><Id scheme="A">1</Id><Id>2</Id></Party>
  <Product><Id scheme="B">3</Id></Product>
  <Doc><Ref>x</Ref></Doc>
  <Doc/>
  <Charge><Flag>false</Flag><Reason>95</Reason></Charge>
  <Charge><Flag>true</Flag><Reason>AA</Reason></Charge>
</r>`;

describe('SiteTable', () => {
  it('selects by name, parent, attribute and excluded ancestors, in document order', () => {
    const table = new SiteTable([
      { key: 'scheme', ns: NS, elements: ['Id'], withAttribute: 'scheme', value: { attribute: 'scheme' } },
      { key: 'partyScheme', ns: NS, elements: ['Id'], notWithin: ['Product'], parent: 'Party' },
    ]);
    const hits = table.collect(root(DOC));
    expect(hits.scheme?.map((h) => h.value)).toEqual(['A', 'B']);
    expect(hits.partyScheme?.map((h) => h.value)).toEqual(['1', '2']);
  });

  it('reads a child text, undefined when the child is absent, and files keys that select nothing as []', () => {
    const table = new SiteTable([
      { key: 'ref', ns: NS, elements: ['Doc'], value: { child: 'Ref', ns: NS } },
      { key: 'none', ns: NS, elements: ['Missing'] },
    ]);
    const hits = table.collect(root(DOC));
    expect(hits.ref?.map((h) => h.value)).toEqual(['x', undefined]);
    expect(hits.none).toEqual([]);
  });

  it('ignores elements of another namespace', () => {
    const table = new SiteTable([{ key: 'id', ns: 'urn:other', elements: ['Id'] }]);
    expect(table.collect(root(DOC)).id).toEqual([]);
  });

  it('applies conditions and tags, and gives each node its XPath and line', () => {
    const allowance = (el: XmlElement) =>
      indicatorValue(el.parent?.children.find((c) => c.local === 'Flag')) === false;
    const table = new SiteTable([
      { key: 'reason', ns: NS, elements: ['Reason'], when: allowance, tag: (el) => el.parent?.local },
      { key: 'scheme', ns: NS, elements: ['Id'], withAttribute: 'scheme', value: { attribute: 'scheme' } },
    ]);
    const hits = table.collect(root(DOC));
    expect(hits.reason).toHaveLength(1);
    const [reason] = hits.reason ?? [];
    expect(reason?.value).toBe('95');
    expect(reason?.tag).toBe('Charge');
    expect(reason?.xpath).toBe('/r/Charge[1]/Reason');
    expect(reason?.line).toBe(6);
    expect(hits.scheme?.[0]?.xpath).toBe('/r/Party/Id[1]/@scheme');
  });
});

describe('SiteTable groups', () => {
  it('gives nodes of different sites the same group when they share an owner element', () => {
    const table = new SiteTable([
      { key: 'doc', ns: NS, elements: ['Doc'], value: { child: 'Ref', ns: NS }, owner: (el) => el },
      { key: 'ref', ns: NS, elements: ['Ref'], owner: (el) => el.parent },
    ]);
    const hits = table.collect(root(DOC));
    const [first, second] = hits.doc ?? [];
    expect(first?.group).not.toBe(second?.group);
    expect(hits.ref?.[0]?.group).toBe(first?.group);
  });
});

describe('SiteTable reused lists (decision 0237)', () => {
  const SMALL = `<r xmlns="${NS}"><Party><Id>9</Id></Party></r>`;

  it('gives each document its own exact lists, not the reused ones, with nothing of the previous document', () => {
    const table = new SiteTable([{ key: 'id', ns: NS, elements: ['Id'] }]);
    const first = table.collect(root(DOC));
    const second = table.collect(root(SMALL));
    expect(first.id?.map((h) => h.value)).toEqual(['1', '2', '3']);
    expect(first.id).toHaveLength(3);
    expect(second.id?.map((h) => h.value)).toEqual(['9']);
    expect(second.id).toHaveLength(1);
    expect(second.id).not.toBe(first.id);
  });

  it('clears the reused lists after each document, so they keep no tree', () => {
    const table = new SiteTable([{ key: 'id', ns: NS, elements: ['Id'] }]);
    table.collect(root(DOC));
    const lists = table.takeLists();
    expect(lists.used).toEqual([0]);
    expect((lists.lists[0] ?? []).every((h) => h === undefined)).toBe(true);
  });

  it('gives a walk that starts while another fills the lists fresh ones, and reuses them once both are done', () => {
    const table = new SiteTable([{ key: 'id', ns: NS, elements: ['Id'] }]);
    const outer = new SiteHits(table);
    const inner = table.collect(root(SMALL));
    const tree = root(DOC);
    const party = tree.children[0] as XmlElement;
    outer.visit(party.children[0] as XmlElement, table.sitesOf('Id'));
    expect(inner.id?.map((h) => h.value)).toEqual(['9']);
    expect(outer.result().id?.map((h) => h.value)).toEqual(['1']);
    expect(table.collect(root(SMALL)).id?.map((h) => h.value)).toEqual(['9']);
  });

  it('gives the lists back, cleared, when a site throws during the walk', () => {
    let fail = true;
    const table = new SiteTable([
      {
        key: 'id',
        ns: NS,
        elements: ['Id'],
        when: (el) => {
          if (fail && el.text === '2') throw new Error('site failed');
          return true;
        },
      },
    ]);
    expect(() => table.collect(root(DOC))).toThrow('site failed');
    fail = false;
    expect(table.collect(root(SMALL)).id?.map((h) => h.value)).toEqual(['9']);
    const lists = table.takeLists();
    expect(lists.busy).toBe(true);
    expect(lists.used).toEqual([0]);
    expect((lists.lists[0] ?? []).every((h) => h === undefined)).toBe(true);
  });
});

describe('indicatorValue', () => {
  it('casts like XPath 2.0 xs:boolean: true/1, false/0, anything else undefined', () => {
    const r = root(`<r><a>true</a><a> 0 </a><a>yes</a></r>`);
    expect(r.children.map((c) => indicatorValue(c))).toEqual([true, false, undefined]);
    expect(indicatorValue(undefined)).toBeUndefined();
  });
});
