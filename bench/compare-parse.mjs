// Two builds' bare parse in one process (issue 18, session 14): parseXml of build A and of build B
// alternate on the same bytes (official CII and UBL examples, 1,000- and 10,000-line synthetic
// invoices), their trees must be equal (every field every consumer reads, and parents; the blank
// text mark of decision 0173 is gone since 0188), and the CPU time per round is compared (median of
// interleaved rounds). The bytes are parsed as validateDocument parses them (UTF-8 read as bytes, decision 0153); STRING=1 parses the
// decoded text instead (the string parser). With --expose-gc, the heap the trees of one round keep
// alive (after a forced collection, median of 3) is printed too: the tree every later pass walks.
//   node [--expose-gc] bench/compare-parse.mjs A_ROOT B_ROOT [filter]
import { buildRoots, importFrom, speedSets } from './lib.mjs';

const { aRoot, bRoot, only } = buildRoots('compare-parse.mjs');
// biome-ignore lint/suspicious/noUndeclaredEnvVars: benchmarks only, never run by turbo tasks
const fromString = process.env.STRING === '1';
const load = async (root) => (await importFrom(root, 'xml/dist/index.js')).parseXml;
const parseA = await load(aRoot);
const parseB = await load(bRoot);
const input = (bytes) => (fromString ? bytes.toString('utf8') : bytes);
const LIMITS = { maxBytes: 64 * 1024 * 1024 }; // the 10,000-line CII is 24 MB, over the default

const sets = speedSets([10000]);

/** The first difference between two trees (every field read by a consumer), or undefined */
function differ(a, b, where = '/') {
  const fields = ['name', 'local', 'ns', 'text', 'line', 'column'];
  const todo = [[a, b, where]];
  while (todo.length > 0) {
    const [x, y, at] = todo.pop();
    for (const f of fields)
      if (x[f] !== y[f]) return `${at}: ${f} ${JSON.stringify(x[f])} ≠ ${JSON.stringify(y[f])}`;
    if (JSON.stringify(Object.entries(x.attrs)) !== JSON.stringify(Object.entries(y.attrs)))
      return `${at}: attrs`;
    if (x.children.length !== y.children.length)
      return `${at}: ${x.children.length} ≠ ${y.children.length} children`;
    for (let i = 0; i < x.children.length; i++) {
      if (x.children[i].parent !== x || y.children[i].parent !== y) return `${at}: parent of child ${i}`;
      todo.push([x.children[i], y.children[i], `${at}${x.children[i].name}[${i}]/`]);
    }
  }
  return undefined;
}

const median = (v) => [...v].sort((x, y) => x - y)[v.length >> 1];
const gc = globalThis.gc;
console.log(`A = ${aRoot}\nB = ${bRoot}\nparsing ${fromString ? 'the decoded text' : 'the bytes'}\n`);
for (const [name, files] of sets) {
  if (only && !name.includes(only)) continue;
  const docs = files.map(input);
  for (const doc of docs) {
    const a = parseA(doc, LIMITS);
    const b = parseB(doc, LIMITS);
    if (!a.ok || !b.ok) throw new Error(`${name}: not parsed`);
    const d = differ(a.root, b.root);
    if (d) console.log(`!! ${name}: the trees differ at ${d}`);
  }
  const reps = docs.length > 1 ? 20 : 2;
  const cpu = (parse) => {
    const c0 = process.cpuUsage();
    for (let r = 0; r < reps; r++) for (const doc of docs) parse(doc, LIMITS);
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000 / reps;
  };
  const heap = (parse) => {
    gc();
    const h0 = process.memoryUsage().heapUsed;
    const kept = docs.map((doc) => parse(doc, LIMITS));
    gc();
    const grown = process.memoryUsage().heapUsed - h0;
    return kept.length > 0 ? grown / 1024 : 0;
  };
  for (let i = 0; i < 3; i++) {
    cpu(parseA);
    cpu(parseB);
  }
  const a = [];
  const b = [];
  const rounds = name.includes('10,000') ? 8 : 14;
  for (let r = 0; r < rounds; r++) {
    a.push(cpu(parseA));
    b.push(cpu(parseB));
  }
  let memory = '';
  if (gc) {
    const ha = [];
    const hb = [];
    for (let r = 0; r < 3; r++) {
      ha.push(heap(parseA));
      hb.push(heap(parseB));
    }
    memory = `; heap kept per round: A ${median(ha).toFixed(0)} KB, B ${median(hb).toFixed(0)} KB`;
  }
  console.log(
    `${name.padEnd(16)} CPU ms per round: A ${median(a).toFixed(2)}, B ${median(b).toFixed(2)}, B / A ${(median(b) / median(a)).toFixed(3)}${memory}`,
  );
}
