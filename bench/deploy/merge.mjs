#!/usr/bin/env node
// Writes deploy/compose.yaml with bench/deploy/compose.test.yaml laid over it, merged as
// `docker compose -f a -f b` merges (maps key by key; a list or a value replaced whole), to one
// file for Debian's podman-compose 1.0.3, which appends lists instead (an overridden `command`
// or `entrypoint` would run both). YAML anchors and `<<` merge keys resolved.
//   node bench/deploy/merge.mjs <base.yaml> <override.yaml> > merged.yaml
import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';

const [baseFile, overrideFile] = process.argv.slice(2);
const load = (f) => parse(readFileSync(f, 'utf8'), { merge: true });
const isMap = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
function merge(a, b) {
  if (!isMap(a) || !isMap(b)) return b;
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = k in a ? merge(a[k], v) : v;
  return out;
}
const merged = merge(load(baseFile), load(overrideFile));
// a health check `["CMD-SHELL", "…"]` as the string it stands for: podman-compose 1.0.3 takes
// the list apart in place and then refuses it when a service's arguments are computed twice
for (const svc of Object.values(merged.services ?? {})) {
  const test = svc.healthcheck?.test;
  if (Array.isArray(test) && test[0] === 'CMD-SHELL' && test.length === 2) svc.healthcheck.test = test[1];
}
// x- extension fields were only there for the anchors
for (const k of Object.keys(merged)) if (k.startsWith('x-')) delete merged[k];
// quoted: a YAML 1.1 reader (podman-compose's) takes a bare `no` for false
process.stdout.write(stringify(merged, { aliasDuplicateObjects: false, lineWidth: 0 }).replace(/^(\s+restart): no$/gm, '$1: "no"'));
