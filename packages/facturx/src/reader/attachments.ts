/**
 * Lists the embedded files of a PDF: the /EmbeddedFiles name tree (including /Kids), the catalog's
 * /AF array (PDF/A-3 associated files that may be in no name tree), each once.
 */
import type { PdfFile } from './document.js';
import {
  arrayOf,
  dictOf,
  nameOf,
  numberOf,
  type PdfDict,
  type PdfObject,
  PdfRef,
  textOf,
} from './objects.js';

export interface EmbeddedFile {
  /** /UF, else /F, else the name-tree key */
  name: string;
  nameTreeKey?: string;
  inNameTree: boolean;
  inCatalogAF: boolean;
  afRelationship?: string;
  /** /Subtype of the embedded file stream (MIME type) */
  mimeType?: string;
  description?: string;
  params?: { size?: number; modDate?: string };
  hasParams: boolean;
  filespec: PdfDict;
  filespecRef?: string;
  /** The /EF /F stream object, when present */
  stream?: PdfObject;
}

const MAX_NODES = 20_000;

export function listEmbeddedFiles(file: PdfFile): EmbeddedFile[] {
  const catalog = file.catalog();
  if (!catalog) return [];
  const byKey = new Map<string, EmbeddedFile>();
  const add = (spec: PdfObject | undefined, via: 'tree' | 'af', key?: string) => {
    const ref = spec instanceof PdfRef ? spec.key() : undefined;
    const d = file.dict(spec);
    if (!d) return;
    const id = ref ?? `direct:${byKey.size}:${key ?? ''}`;
    let entry = byKey.get(id);
    if (!entry) {
      const name = textOf(file.deref(d.get('UF'))) ?? textOf(file.deref(d.get('F'))) ?? key ?? '';
      const ef = file.dict(d.get('EF'));
      const streamObj = ef ? (ef.get('UF') ?? ef.get('F')) : undefined;
      const streamDict = file.dict(streamObj);
      const paramsDict = file.dict(streamDict?.get('Params'));
      const size = numberOf(file.deref(paramsDict?.get('Size')));
      const modDate = textOf(file.deref(paramsDict?.get('ModDate')));
      entry = {
        name,
        inNameTree: false,
        inCatalogAF: false,
        filespec: d,
        hasParams: paramsDict !== undefined,
        params: { ...(size !== undefined ? { size } : {}), ...(modDate !== undefined ? { modDate } : {}) },
      };
      const rel = nameOf(file.deref(d.get('AFRelationship')));
      if (rel) entry.afRelationship = rel;
      const mime = nameOf(file.deref(streamDict?.get('Subtype')));
      if (mime) entry.mimeType = mime;
      const desc = textOf(file.deref(d.get('Desc')));
      if (desc) entry.description = desc;
      if (ref) entry.filespecRef = ref;
      if (streamObj !== undefined) entry.stream = streamObj;
      byKey.set(id, entry);
    }
    if (via === 'tree') {
      entry.inNameTree = true;
      if (key !== undefined) entry.nameTreeKey = key;
    } else entry.inCatalogAF = true;
  };

  const names = file.dict(catalog.get('Names'));
  const root = names?.get('EmbeddedFiles');
  const visited = new Set<string>();
  const stack: { node: PdfObject | undefined; depth: number }[] = [{ node: root, depth: 0 }];
  let nodes = 0;
  while (stack.length && nodes++ < MAX_NODES) {
    const { node, depth } = stack.pop()!;
    if (node instanceof PdfRef) {
      if (visited.has(node.key())) continue;
      visited.add(node.key());
    }
    const d = file.dict(node);
    if (!d || depth > 32) continue;
    const pairs = arrayOf(file.deref(d.get('Names'))) ?? [];
    for (let i = 0; i + 1 < pairs.length; i += 2) add(pairs[i + 1], 'tree', textOf(file.deref(pairs[i])));
    for (const kid of arrayOf(file.deref(d.get('Kids'))) ?? []) stack.push({ node: kid, depth: depth + 1 });
  }
  for (const spec of arrayOf(file.deref(catalog.get('AF'))) ?? []) add(spec, 'af');
  return [...byKey.values()];
}

export { dictOf };
