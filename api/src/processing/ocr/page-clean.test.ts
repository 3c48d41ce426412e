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

/** Runs `lines` as an ES module in a node child with page-clean.mjs's `names` imported; the script prints its answer as JSON. */
function runModule<T>(names: string[], lines: string[]): T {
  const script = [`import { ${names.join(', ')} } from ${JSON.stringify(pathToFileURL(path.join(__dirname, 'page-clean.mjs')).href)};`, ...lines].join('\n');
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as T;
}

/** As runModule, with the page's pixels as `d` (with `w`, `h`). */
function inChild<T>(img: GreyImage, names: string[], body: string[]): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'quarry-page-clean-'));
  try {
    const file = path.join(dir, 'page.grey');
    writeFileSync(file, img.grey);
    return runModule<T>(names, [
      `import { readFileSync } from 'node:fs';`,
      `const d = new Uint8Array(readFileSync(${JSON.stringify(file)}));`,
      `const w = ${img.width}, h = ${img.height};`,
      ...body,
    ]);
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

describe('page clean-up: the 3x3 median', () => {
  // The filter computes its minima and maxima arithmetically on sorted columns; it must give what
  // sorting each pixel's nine neighbours gives, ties and edges included.
  it('equals the median of the nine sorted neighbours on random images, edges kept as they are', () => {
    const r = runModule<{ checked: number; wrong: string[] }>(['median3', 'sampledNoise'], [
      // mulberry32: the same images on every run
      `let seed = 20261128;`,
      `const rand = () => { seed = (seed + 0x6d2b79f5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };`,
      `function reference(d, w, h) {`,
      `  const out = new Uint8Array(d); let diff = 0; const win = [];`,
      `  for (let y = 1; y < h - 1; y++) for (let x = 1; x < w - 1; x++) {`,
      `    win.length = 0;`,
      `    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) win.push(d[(y + dy) * w + x + dx]);`,
      `    win.sort((a, b) => a - b);`,
      `    out[y * w + x] = win[4]; diff += Math.abs(d[y * w + x] - win[4]);`,
      `  }`,
      `  return { data: out, noise: w > 2 && h > 2 ? diff / ((w - 2) * (h - 2)) : 0 };`,
      `}`,
      // every level, two levels (ties everywhere), the extremes, a few levels, one level
      `const kinds = { any: () => Math.floor(rand() * 256), binary: () => (rand() < 0.5 ? 0 : 255), few: () => [0, 1, 127, 128, 254, 255][Math.floor(rand() * 6)], flat: () => 77 };`,
      `const sizes = [[1, 1], [1, 9], [9, 1], [2, 2], [2, 9], [9, 2], [3, 3], [3, 17], [17, 3], [4, 4], [64, 48], [257, 31]];`,
      `const wrong = []; let checked = 0;`,
      `for (const [w, h] of sizes) for (const [kind, level] of Object.entries(kinds)) for (let k = 0; k < 3; k++) {`,
      `  const d = new Uint8Array(w * h); for (let i = 0; i < d.length; i++) d[i] = level();`,
      `  const got = median3(d, w, h); const want = reference(d, w, h);`,
      `  const at = want.data.findIndex((v, i) => got.data[i] !== v);`,
      `  if (at >= 0) wrong.push(\`\${kind} \${w}x\${h}: pixel \${at % w},\${Math.floor(at / w)} is \${got.data[at]}, the median is \${want.data[at]}\`);`,
      `  if (Math.abs(got.noise - want.noise) > 1e-9) wrong.push(\`\${kind} \${w}x\${h}: noise \${got.noise}, want \${want.noise}\`);`,
      // every row sampled is the whole page
      `  if (Math.abs(sampledNoise(d, w, h, 1) - want.noise) > 1e-9) wrong.push(\`\${kind} \${w}x\${h}: sampled noise \${sampledNoise(d, w, h, 1)}, want \${want.noise}\`);`,
      `  checked++;`,
      `}`,
      `console.log(JSON.stringify({ checked, wrong }));`,
    ]);
    expect(r.wrong).toEqual([]);
    expect(r.checked).toBe(12 * 4 * 3);
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

  it('moves each pixel by its column\'s whole-pixel shift, filling what comes from off the page', () => {
    const r = runModule<{ wrong: string[] }>(['shearLevel'], [
      `const w = 301, h = 97; const d = new Uint8Array(w * h); for (let i = 0; i < d.length; i++) d[i] = (i * 7919) % 251;`,
      `const wrong = [];`,
      `for (const deg of [-5, -2.35, -0.15, 0.15, 0.8, 4.95, 5]) {`,
      `  const tan = Math.tan((deg * Math.PI) / 180); const got = shearLevel(d, w, h, deg, 3);`,
      `  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {`,
      `    const sy = y + Math.round((x - w / 2) * tan); const want = sy < 0 || sy >= h ? 3 : d[sy * w + x];`,
      `    if (got[y * w + x] !== want && wrong.length < 5) wrong.push(\`\${deg}: \${x},\${y} is \${got[y * w + x]}, want \${want}\`);`,
      `  }`,
      `}`,
      `console.log(JSON.stringify({ wrong }));`,
    ]);
    expect(r.wrong).toEqual([]);
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
