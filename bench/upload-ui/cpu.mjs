// CPU time of this process and its descendants, grouped by what they are (the API, its media
// processes, Chromium, Playwright's driver, this process: the shell's proxy and the script
// client), sampled every few ms so a phase of either path can be charged to the processes
// that worked during it. On a machine shared with other work, wall-clock phases follow the
// load; CPU time says which of our own processes did the work. Linux only (/proc).
/* global process, performance, setInterval, clearInterval */
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 1000 / 100; // USER_HZ: /proc reports CPU time in 1/100 s on Linux

function readProc(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name may hold spaces and parentheses: the fields start after the last ')'
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
  } catch {
    return null; // the process ended
  }
}

/** This process and its descendants, with what each one is. */
function tree() {
  const self = process.pid;
  const all = [];
  for (const name of readdirSync('/proc')) if (/^\d+$/.test(name)) all.push(readProc(Number(name)));
  const children = new Map();
  for (const p of all) if (p) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  const out = new Map();
  const walk = (pid) => {
    let cmdline = '';
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      return;
    }
    out.set(pid, groupOf({ pid, cmdline }, self));
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(self);
  return out;
}

function groupOf(p, self) {
  if (p.pid === self) return 'bench (proxy, script client, playwright)';
  if (/chrom/i.test(p.cmdline)) {
    const type = /--type=(\S+)/.exec(p.cmdline)?.[1];
    if (!type) return 'chromium: browser';
    if (type === 'utility') return /NetworkService|network/i.test(p.cmdline) ? 'chromium: network' : 'chromium: utility';
    return `chromium: ${type}`;
  }
  if (/media-worker|ocr-media/.test(p.cmdline)) return 'api: media processes';
  if (/main\.js/.test(p.cmdline)) return 'api';
  if (/playwright|run-driver/.test(p.cmdline)) return 'playwright driver';
  return 'other';
}

/** CPU ms per group of the processes in `groups` (pid -> group). */
function snapshot(groups) {
  const byGroup = {};
  for (const [pid, g] of groups) {
    const p = readProc(pid);
    if (p) byGroup[g] = (byGroup[g] ?? 0) + p.cpuMs;
  }
  return byGroup;
}

/** Samples every `everyMs`; `between(from, to)` (performance.now() times) = CPU ms per group. */
export function startCpuSampler(everyMs = 50) {
  // the process tree is read again every second (media processes come and go); in between
  // only the known processes' stat files are read, so sampling itself stays cheap
  let groups = tree();
  let scannedAt = performance.now();
  const sample = () => {
    if (performance.now() - scannedAt > 1000) {
      groups = tree();
      scannedAt = performance.now();
    }
    samples.push({ at: performance.now(), cpu: snapshot(groups) });
  };
  const samples = [];
  sample();
  const timer = setInterval(sample, everyMs);
  const nearest = (t) => samples.reduce((best, s) => (Math.abs(s.at - t) < Math.abs(best.at - t) ? s : best), samples[0]);
  return {
    stop() {
      clearInterval(timer);
      sample();
    },
    between(from, to) {
      const a = nearest(from).cpu;
      const b = nearest(to).cpu;
      const out = {};
      // a process that ended in between (a retired media process) loses its time: floor at 0
      for (const g of new Set([...Object.keys(a), ...Object.keys(b)])) out[g] = Math.max(0, (b[g] ?? 0) - (a[g] ?? 0));
      return out;
    },
  };
}

/** 'api 1,200 · chromium: renderer 300 · ...' (largest first, groups under 20 ms left out). */
export function formatCpu(byGroup) {
  return Object.entries(byGroup)
    .filter(([, ms]) => ms >= 20)
    .sort((x, y) => y[1] - x[1])
    .map(([g, ms]) => `${g} ${Math.round(ms)}`)
    .join(' · ');
}
