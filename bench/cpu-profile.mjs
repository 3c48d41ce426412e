#!/usr/bin/env node
// Where the time of one function goes, from a V8 CPU profile of a bench run:
//
//   node --cpu-prof --cpu-prof-dir=/tmp/prof --cpu-prof-interval 40 api/dist/bench/step.mjs --rounds 250 --only table
//   node bench/cpu-profile.mjs /tmp/prof/<file>.cpuprofile provenanceOfExtraction [--lines api/dist/bench/step.mjs] [--top 40]
//
// (the bundle comes from `node bench/run-bundled.mjs <script>`, which leaves it in api/dist/bench/).
// Prints, for the samples taken while the named function was on the stack, each function's
// inclusive and self share; with --lines and the bundle the profile was taken of, the source lines
// with the most self samples instead. Used to find what provenance costs inside the extraction step,
// where it is not what a warm loop of the same call shows (bench/review/README.md).
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const [file, root] = args;
if (!file || !root) {
  console.error('usage: node bench/cpu-profile.mjs <file.cpuprofile> <function name> [--lines <bundle>] [--top N]');
  process.exit(2);
}
const top = Number(option('--top') ?? 40);
const bundle = option('--lines');

const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n) => `${n.callFrame.functionName || '(anonymous)'}:${n.callFrame.lineNumber + 1}`;
const stack = (id) => {
  const out = [];
  for (let x = id; x !== undefined; x = parent.get(x)) out.push(nodes.get(x));
  return out;
};
const pct = (v, total) => `${((100 * v) / total).toFixed(1).padStart(5)}%`;

if (bundle) {
  // self samples per source line, of the nodes under the root (positionTicks)
  const source = readFileSync(bundle, 'utf8').split('\n');
  const ticks = new Map();
  let total = 0;
  for (const n of profile.nodes) {
    if (!stack(n.id).some((s) => s.callFrame.functionName === root)) continue;
    for (const t of n.positionTicks ?? []) {
      const key = `${n.callFrame.functionName || '(anonymous)'}:${t.line}`;
      ticks.set(key, (ticks.get(key) ?? 0) + t.ticks);
      total += t.ticks;
    }
  }
  console.log(`${total} samples under ${root}; self samples by line:`);
  for (const [key, t] of [...ticks].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    const line = Number(key.slice(key.lastIndexOf(':') + 1));
    console.log(`${pct(t, total)}  ${key.padEnd(32)} ${source[line - 1]?.trim().slice(0, 110) ?? ''}`);
  }
} else {
  // inclusive and self time per function, of the samples with the root on the stack
  const inclusive = new Map();
  const self = new Map();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0; // a sample's time is the delta after it
    const frames = stack(profile.samples[i]);
    const r = frames.findIndex((n) => n.callFrame.functionName === root);
    if (r < 0) continue;
    total += dt;
    const seen = new Set();
    for (const n of frames.slice(0, r + 1)) {
      const key = name(n);
      if (!seen.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
      seen.add(key);
    }
    self.set(name(frames[0]), (self.get(name(frames[0])) ?? 0) + dt);
  }
  console.log(`${(total / 1000).toFixed(1)} ms under ${root}; inclusive, self, function:line of the bundle`);
  for (const [key, v] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v, total)} ${pct(self.get(key) ?? 0, total)}  ${key}`);
}
