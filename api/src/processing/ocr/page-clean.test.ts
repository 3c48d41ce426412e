// The page clean-up's noise decision (page-clean.mjs), apart from the engines: the noise is read on
// every 8th row and must read what filtering the whole page measures, so that a clean page is told
// from a noisy one without being filtered whole. page-clean.mjs is plain ESM for the media process,
// which jest's CommonJS runtime cannot require: it runs in a node child here, as in the product.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { greyPixels, renderTextImage, scanLike, type GreyImage } from './fixtures/generate';

/**
 * Runs `body` in a node child with page-clean.mjs's `names` imported and the page's pixels as
 * `d` (with `w`, `h`); the script prints its answer as JSON.
 */
function inChild<T>(img: GreyImage, names: string[], body: string[]): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'quarry-page-clean-'));
  try {
    const file = path.join(dir, 'page.grey');
    writeFileSync(file, img.grey);
    const script = [
      `import { ${names.join(', ')} } from ${JSON.stringify(pathToFileURL(path.join(__dirname, 'page-clean.mjs')).href)};`,
      `import { readFileSync } from 'node:fs';`,
      `const d = new Uint8Array(readFileSync(${JSON.stringify(file)}));`,
      `const w = ${img.width}, h = ${img.height};`,
      ...body,
    ].join('\n');
    return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function noises(img: GreyImage): { full: number; sampled: number; level: number } {
  return inChild(img, ['median3', 'sampledNoise', 'NOISE_LEVEL'], ['console.log(JSON.stringify({ full: median3(d, w, h).noise, sampled: sampledNoise(d, w, h), level: NOISE_LEVEL }));']);
}

describe('page clean-up: the noise measured on sampled rows', () => {
  const page = renderTextImage(
    [
      ['Part', 'Ordered', 'Sent'],
      ['Washers M10 zinc', '2,400', '18.6 kg'],
      ['Coach screws 8x100', '350', '12.25 kg'],
    ],
    { width: 1600, fontSize: 40, minHeight: 900 },
  );

  it.each([
    ['a clean render', null],
    ['mild grain (8 grey levels) and dust', { angleDeg: 1.1, grain: 8, dustPerMpx: 1500, seed: 11 }],
    ['strong grain (14 grey levels) and dust', { angleDeg: -1.8, grain: 14, dustPerMpx: 1500, seed: 7 }],
  ])("%s: within 10 %% of the whole page's, on the same side of the threshold", async (_name, scan) => {
    const { full, sampled, level } = noises(await greyPixels(scan ? await scanLike(page.png, scan) : page.png));
    expect(Math.abs(sampled - full)).toBeLessThanOrEqual(Math.max(0.1 * full, 0.05));
    expect(sampled >= level).toBe(full >= level);
    expect(full >= level).toBe(scan !== null);
  });
});

describe('page clean-up: a tilted page is straightened by a shear', () => {
  it('its lines come out level, each column the same column moved up or down by whole pixels (nothing interpolated)', async () => {
    const page = renderTextImage(['Washers M10 zinc 2,400 18.6 kg', 'Coach screws 8x100 350 12.25 kg', 'Wall plugs brown 1,000 2.05 kg'], {
      width: 1600,
      fontSize: 40,
      minHeight: 700,
    });
    const img = await greyPixels(await scanLike(page.png, { angleDeg: 1.6, grain: 0, dustPerMpx: 0, seed: 3 }));
    const r = inChild<{ skew: number; after: number; columns: number }>(img, ['cleanPage', 'estimateSkew'], [
      `const c = cleanPage(d, w, h);`,
      // a column of the output is a column of the input moved by some whole number of rows
      `const shifted = (x) => { for (let s = -80; s <= 80; s++) { let ok = true; for (let y = 0; y < h && ok; y++) { const sy = y + s; if (sy >= 0 && sy < h && c.data[y * w + x] !== d[sy * w + x]) ok = false; } if (ok) return true; } return false; };`,
      `const columns = [100, 500, 800, 1100, 1500].filter(shifted).length;`,
      `console.log(JSON.stringify({ skew: c.skew, after: estimateSkew(c.data, w, h), columns }));`,
    ]);
    expect(Math.abs(r.skew - 1.6)).toBeLessThanOrEqual(0.15);
    expect(Math.abs(r.after)).toBeLessThan(0.15);
    expect(r.columns).toBe(5);
  });
});

describe('page clean-up: small print is drawn larger before it is read', () => {
  const measure = (img: GreyImage) =>
    inChild<{ line: number; up: number }>(img, ['textLineHeight', 'upscaleFor'], ['const line = textLineHeight(d, w, h);', 'console.log(JSON.stringify({ line, up: upscaleFor(line) }));']);
  const rows = ['INDAH GIFT & HOME DECO', '27, JALAN DEDAP 13', 'Date: 19/10/2018', 'TOTAL AMT   RM 60.31', 'CASH   RM 70.30'];

  it('measures the text lines of a receipt at 150 DPI and enlarges it, at most three times', async () => {
    const small = measure(await greyPixels(renderTextImage(rows, { width: 352, fontSize: 11 }).png));
    expect(small.line).toBeGreaterThanOrEqual(6);
    expect(small.line).toBeLessThan(18);
    expect(small.up).toBeGreaterThan(2);
    expect(small.up).toBeLessThanOrEqual(3);
  });

  it('leaves a page at 300 DPI and a blank image as they are', async () => {
    expect(measure(await greyPixels(renderTextImage(rows, { width: 1300, fontSize: 30 }).png)).up).toBe(1);
    expect(measure(await greyPixels(renderTextImage([''], { width: 400, fontSize: 30 }).png))).toEqual({ line: 0, up: 1 });
  });
});
