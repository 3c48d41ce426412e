#!/usr/bin/env node
// Every relative link and every file path a Markdown document of the repository names must
// exist, so a reader who follows one lands somewhere. Run by `npm test` (through
// shared/src/testing/docLinks.test.ts) and by hand: `node scripts/check-docs.mjs [files…]`.
//
// What is checked, per document:
// - Markdown links `[text](target)` whose target is not a URL or an in-page anchor: resolved
//   from the document's folder.
// - File paths in code spans (`api/src/config.ts`, `src/db/`, `bench/ocr/run.mjs`): a span that
//   is one path (no spaces) with a folder separator and either a file extension or a trailing
//   slash. It is looked up from the document's folder, from the folder of the nearest
//   package.json above the document (a package README names its own `src/…`), and from the
//   repository root; one hit is enough.
// Skipped: URLs, anchors, globs (`*`), placeholders (`<id>`, `{id}`, `NNNN`, `…`), API routes
// (`/api/…`, a leading `/`), and the folders a build or install makes (dist, node_modules, data).
//
// And the width: prose is wrapped at 100 characters, so a document reads in a terminal and a diff
// shows what changed. Fenced code, table rows and a line that is one unbreakable piece (a code
// span, a link or a URL with nothing to break at beside it) may be longer.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Folders that exist only after a build, an install or a run. */
const GENERATED = /(^|\/)(dist|node_modules|data|out|\.turbo|\.test-results|test-results|playwright-report)(\/|$)/;
const PLACEHOLDER = /[*<>{}…]|\bNNNN?\b|\.\.\.|\$\{?[A-Z_]|(^|\/)[A-Z][A-Z0-9]*_[A-Z0-9_]+\//;
const EXTENSION = /\.[A-Za-z0-9]{1,6}$/;

/** The Markdown files git knows of (committed or added), or the ones given. */
export function markdownFiles(dir = root) {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
    cwd: dir,
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter((f) => f && !f.includes('node_modules/'))
    .map((f) => path.join(dir, f));
}

function packageRoot(file, top) {
  let dir = path.dirname(file);
  while (dir.startsWith(top) && dir !== top) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    dir = path.dirname(dir);
  }
  return top;
}

/** Drops fenced code blocks: their contents are commands and samples, not references. */
function withoutFences(text) {
  const lines = text.split('\n');
  let fenced = false;
  return lines
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/** The links and paths one document names, each with its line number. */
export function references(text) {
  const refs = [];
  withoutFences(text)
    .split('\n')
    .forEach((line, index) => {
      const lineNo = index + 1;
      for (const m of line.matchAll(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        refs.push({ kind: 'link', target: m[1], line: lineNo });
      }
      for (const m of line.matchAll(/`([^`\s]+)`/g)) {
        refs.push({ kind: 'path', target: m[1], line: lineNo });
      }
    });
  return refs;
}

export const WIDTH = 100;

/** The pieces a line could be broken between: spaces outside code spans and link targets. */
function breakablePieces(line) {
  const pieces = [];
  let piece = '';
  let tick = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '`') {
      let n = 1;
      while (line[i + n] === '`') n++;
      tick = tick === 0 ? n : tick === n ? 0 : tick;
      piece += line.slice(i, i + n);
      i += n - 1;
    } else if (c === ' ' && !tick && !/\]\([^)]*$/.test(piece)) {
      if (piece) pieces.push(piece);
      piece = '';
    } else piece += c;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** Lines of prose over the width: `{ line, length }`. */
export function longLines(text) {
  const long = [];
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced || line.length <= WIDTH || /^\s*\|/.test(line)) return;
    const pieces = breakablePieces(line.replace(/^\s*([-*+>]|\d+[.)])?\s*/, ''));
    if (pieces.length > 1) long.push({ line: index + 1, length: line.length });
  });
  return long;
}

function isCandidatePath(target) {
  if (!target.includes('/')) return false;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/') || target.startsWith('#')) return false;
  if (target.startsWith('@')) return false; // a package name (@quarry/shared/testing)
  if (PLACEHOLDER.test(target) || GENERATED.test(target)) return false;
  if (target.includes('=') || target.includes('://')) return false; // a setting or a URL, not a path
  const bare = target.replace(/[#?].*$/, '').replace(/[:,.;)]+$/, '');
  return EXTENSION.test(bare) || bare.endsWith('/');
}

/** Problems in one document: `{ file, line, target, reason }`. */
export function checkFile(file, top = root) {
  const text = readFileSync(file, 'utf8');
  const problems = [];
  const here = path.dirname(file);
  const pkg = packageRoot(file, top);
  for (const ref of references(text)) {
    let target = ref.target;
    if (ref.kind === 'link') {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
      target = decodeURI(target.replace(/#.*$/, ''));
      if (!target || GENERATED.test(target)) continue;
      const resolved = target.startsWith('/') ? path.join(top, target) : path.resolve(here, target);
      if (!existsSync(resolved)) problems.push({ file, line: ref.line, target: ref.target, reason: 'link target missing' });
      continue;
    }
    if (!isCandidatePath(target)) continue;
    const bare = target.replace(/[#?].*$/, '').replace(/(:\d+)+$/, '').replace(/[,.;)]+$/, '');
    const bases = [here, pkg, top];
    if (bases.some((base) => existsSync(path.resolve(base, bare)))) continue;
    // Read from the repository root, a path that leaves the repository names something outside
    // it on purpose (a corpus kept beside the checkout, which the benches that read it say and
    // skip when it is absent).
    if (!path.resolve(top, bare).startsWith(top + path.sep)) continue;
    problems.push({ file, line: ref.line, target, reason: 'path not found' });
  }
  for (const { line, length } of longLines(text)) {
    problems.push({ file, line, target: `${length} characters`, reason: `line over ${WIDTH}` });
  }
  return problems;
}

export function checkAll(files, top = root) {
  return files.flatMap((file) => checkFile(file, top));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const files = args.length ? args.map((f) => path.resolve(f)) : markdownFiles();
  const problems = checkAll(files);
  for (const p of problems) console.log(`${path.relative(root, p.file)}:${p.line}: ${p.reason}: ${p.target}`);
  console.log(`check-docs: ${files.length} documents, ${problems.length} problem(s)`);
  process.exit(problems.length ? 1 : 0);
}
