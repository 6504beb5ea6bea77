/**
 * Reads the Factur-X 1.09.2 XSDs of one profile (../shared) into a table of complex types, and says
 * whether an element path from rsm:CrossIndustryInvoice exists in that profile. Test-only: it is how
 * the catalogue's profile availability is derived from the official schemas and kept in step.
 */
import fs from 'node:fs';
import path from 'node:path';

interface XsdType {
  children: Map<string, string>;
  attributes: Set<string>;
}
export type XsdTypes = Map<string, XsdType>;

const local = (qname: string) => qname.slice(qname.indexOf(':') + 1);

function attr(attrs: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];
}

/** Every complex type of every XSD in `dir`, named by local name (anonymous ones as `Type#Element`). */
export function loadXsdTypes(dir: string): XsdTypes {
  const types: XsdTypes = new Map();
  const typeOf = (key: string) => {
    let t = types.get(key);
    if (t === undefined) {
      t = { children: new Map(), attributes: new Set() };
      types.set(key, t);
    }
    return t;
  };
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.xsd'))) {
    const xml = fs.readFileSync(path.join(dir, file), 'utf8');
    // Stack of the type each open tag contributes to (undefined: none)
    const stack: { tag: string; type: string | undefined }[] = [];
    const current = () => {
      for (let i = stack.length - 1; i >= 0; i--) if (stack[i]!.type !== undefined) return stack[i]!.type;
      return undefined;
    };
    for (const m of xml.matchAll(/<(\/?)xs:(\w+)([^>]*?)(\/?)>/g)) {
      const [, closing, tag, attrs = '', selfClosing] = m;
      if (closing) {
        stack.pop();
        continue;
      }
      let frameType: string | undefined;
      if (tag === 'complexType') {
        const name = attr(attrs, 'name');
        frameType = name ?? current();
        if (frameType !== undefined) typeOf(frameType);
      } else if (tag === 'element') {
        const name = attr(attrs, 'name');
        const type = attr(attrs, 'type');
        const owner = current();
        if (name !== undefined && owner !== undefined) {
          const childType = type !== undefined ? local(type) : `${owner}#${name}`;
          typeOf(owner).children.set(name, childType);
          if (type === undefined) frameType = childType;
        } else if (name !== undefined && type !== undefined && name === 'CrossIndustryInvoice') {
          typeOf('#root').children.set(name, local(type));
        }
      } else if (tag === 'attribute') {
        const name = attr(attrs, 'name');
        const owner = current();
        if (name !== undefined && owner !== undefined) typeOf(owner).attributes.add(name);
      }
      if (!selfClosing) stack.push({ tag: tag!, type: frameType });
    }
  }
  return types;
}

/** true when `steps` (e.g. `ExchangedDocument/ID`, last step may be `@attr`) exists in the profile. */
export function pathExists(types: XsdTypes, steps: string): boolean {
  let type = types.get('#root')?.children.get('CrossIndustryInvoice');
  for (const step of steps.split('/')) {
    if (type === undefined) return false;
    const t = types.get(type);
    if (step.startsWith('@')) return t?.attributes.has(step.slice(1)) ?? false;
    type = t?.children.get(step);
  }
  return type !== undefined;
}
