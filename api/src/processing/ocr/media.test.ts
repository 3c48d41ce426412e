// Warm renderers: a PDF's media processes are kept after a document that was read well (its
// document closed) and taken by the next one, at most two, and ended when a run fails, when
// they were aborted and on shutdown. Real child processes, real PDFs (text layers: no engine).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeCorruptPdf, makeTextPdf, type Block } from './fixtures/generate';
import { runOcr, shutdownOcr } from './index';
import { MediaProcess, closeIdleMedia } from './media';

jest.setTimeout(60_000);

const work = mkdtempSync(path.join(tmpdir(), 'quarry-media-test-'));
afterAll(async () => {
  await shutdownOcr();
  rmSync(work, { recursive: true, force: true });
});
afterEach(() => closeIdleMedia());

/** The media processes this test process has running now (not those a test file before this one left warm). */
function renderers(): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((l) => l.includes('ocr-media-worker'))
    .map((l) => Number(l.trim().split(/\s+/)[0]))
    .filter((pid) => !earlier.has(pid))
    .sort((a, b) => a - b);
}
let earlier = new Set<number>();
beforeAll(() => {
  earlier = new Set(renderers());
});

const pages = (n: number, word: string) => Array.from({ length: n }, (_, i) => [{ kind: 'paragraph', lines: [`${word} page ${i + 1} with a text layer of its own.`] } as Block]);
const calls = { timeoutMs: 10_000, timeoutError: () => new Error('timeout') as never, onCrash: () => new Error('crash') as never };

test('a document read well leaves its renderers warm, and the next document takes them', async () => {
  const first = await runOcr({ bytes: await makeTextPdf(pages(3, 'First')), mimeType: 'application/pdf', filename: 'a.pdf' }, { concurrency: 2 });
  expect(first.pages.map((p) => p.source)).toEqual(['text_layer', 'text_layer', 'text_layer']);
  const warm = renderers();
  expect(warm).toHaveLength(2);
  const second = await runOcr({ bytes: await makeTextPdf(pages(2, 'Second')), mimeType: 'application/pdf', filename: 'b.pdf' }, { concurrency: 2 });
  expect(second.text).toContain('Second page 2');
  expect(second.text).not.toContain('First');
  expect(renderers()).toEqual(warm);
});

test('a parked renderer holds no document; an aborted or failed one is not kept', async () => {
  const file = path.join(work, 'one.pdf');
  writeFileSync(file, await makeTextPdf(pages(1, 'Kept')));
  const proc = await MediaProcess.acquire();
  await proc.call('pdf_open', { path: file }, calls);
  await proc.park();
  const again = await MediaProcess.acquire();
  expect(again.pid).toBe(proc.pid);
  await expect(again.call('pdf_page', { page: 1, minChars: 20, dpi: 72, maxPixels: 1e6, outPath: path.join(work, 'p.pgm') }, calls)).rejects.toThrow('No PDF is open');

  const controller = new AbortController();
  const aborted = await MediaProcess.acquire(controller.signal);
  controller.abort();
  await aborted.park();
  expect(renderers()).not.toContain(aborted.pid);
  await again.park();

  // a run that fails ends every renderer it took, the warm one too
  expect(renderers()).toEqual([again.pid]);
  await expect(runOcr({ bytes: makeCorruptPdf(), mimeType: 'application/pdf', filename: 'bad.pdf' }, { concurrency: 2 })).rejects.toMatchObject({ code: 'PDF_CORRUPT' });
  expect(renderers()).toEqual([]);
});

test('at most two are kept, and shutdown ends them', async () => {
  const procs = await Promise.all([1, 2, 3].map(() => MediaProcess.acquire()));
  for (const p of procs) await p.park();
  expect(renderers()).toEqual(procs.slice(0, 2).map((p) => p.pid).sort((a, b) => a! - b!));
  await shutdownOcr();
  expect(renderers()).toEqual([]);
});
