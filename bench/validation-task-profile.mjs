// Where the validator's pool task spends its time (issue 14): the task of
// apps/validator-api/dist/work/tasks.js (validateDocument of CII_example1 with the route's options,
// the report serialized) called in a loop under V8's sampling profiler (node:inspector, in this
// process), then each part's share of the task: the readers and checks (detectReadAndCheck), the
// rules (validate), and what is around them — the detection sniffing, judgeDocument assembling the
// report, and the app's own wrapper (term names, JSON, UTF-8). Samples are wall time: on a loaded
// machine a share is the part's share of the time the thread ran, not a CPU figure.
// Usage: nice -n 10 node bench/validation-task-profile.mjs [calls]   (after the build; ../shared)
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cii = fs.readFileSync(path.resolve(root, '../shared/en16931/cii/examples/CII_example1.xml'));
const tasks = await import(path.join(root, 'apps/validator-api/dist/work/tasks.js'));
const calls = Number(process.argv[2] ?? 1500);
const run = () =>
  tasks.validateDocument({
    bytes: new Uint8Array(cii),
    options: { lang: 'en', maxPdfBytes: 20 * 1024 * 1024, frenchEdition: 'transition' },
  });
for (let i = 0; i < 300; i++) run();

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
for (let i = 0; i < calls; i++) run();
const { profile } = await session.post('Profiler.stop');
session.disconnect();

// time per frame, inclusive (once per sample even when a frame recurs in the stack)
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const frame = (n) => `${n.callFrame.functionName} ${n.callFrame.url.replace(/^.*\/(apps|packages)\//, '')}`;
const inclusive = new Map();
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) seen.add(frame(byId.get(cur)));
  for (const f of seen) inclusive.set(f, (inclusive.get(f) ?? 0) + dt);
});
const time = (re) => {
  let t = 0;
  for (const [f, dt] of inclusive) if (re.test(f)) t += dt;
  return t;
};
const task = time(/^validateDocument validator-api\/dist\/work\/tasks\.js$/);
const core = time(/^validateDocument facturx\/dist\/report\/validate-document\.js$/);
const readers = time(/^detectReadAndCheck facturx\/dist\/detect\.js$/);
const rules = time(/^validate rules\/dist\/validate\.js$/);
const sniff = time(/^isCdarXml facturx\/dist\/detect\.js$/);
// V8 reports garbage collection as a frame of its own, outside the code that allocated
const gc = time(/^\(garbage collector\) $/);
const rows = [
  ['the task (tasks.js validateDocument)', task],
  ['  facturx validateDocument', core],
  ['    readers and structure checks (detectReadAndCheck)', readers],
  ['    rules (@einv/rules validate)', rules],
  ['    CDAR sniffing of the head (isCdarXml)', sniff],
  ['    the rest of judgeDocument (assembling, localising, dedupe)', core - readers - rules - sniff],
  ["  the app's wrapper (term names, JSON, UTF-8)", task - core],
  ['garbage collection on this thread, beside the task (not in its rows)', gc],
];
console.log(`${calls} calls of the validator's task on ${cii.length} B CII_example1, sampled every 0.1 ms`);
console.log(
  rows
    .map(
      ([name, t]) =>
        `${name.padEnd(66)} ${(t / 1000 / calls).toFixed(3)} ms  ${((100 * t) / task).toFixed(1)} %`,
    )
    .join('\n'),
);
