// Cleaning a scanned page before recognition: noise out, skew out. Runs in the media worker on
// the 8-bit grey page it is about to write as PGM (rendered PDF pages and decoded images).
//
// - Noise: a 3x3 median filter, applied only when the page is noisy (the mean difference
//   between a pixel and its neighbourhood's median is at least NOISE_LEVEL grey levels).
//   Sensor grain and dust specks of a pixel or two break tesseract's binarisation into
//   ragged strokes and stray marks (read as ':', '‘', '.' or as a wrong letter: 'Müller' ->
//   'Miller', '133,09' -> '133709'); a median removes them and keeps strokes two or more pixels
//   wide, which text at 200 DPI and more has. A clean page (a PDF rendered from vectors, a
//   good scan) is left as it is: its only differences from the median are at glyph edges.
// - Skew: a page scanned a little askew is straightened (shearLevel). The angle is the one whose sheared
//   row profile of dark pixels is the most peaked (text lines are dark rows between light
//   gaps), searched within ±MAX_SKEW_DEG; below MIN_SKEW_DEG the page is left as it is.
//   Tesseract follows tilted lines on its own, but its psm 6 rows drift across a tilted table
//   (a row's last cells joined to the next row) and its letters are read less well.
// Plain ESM with no dependencies, like the worker (see README.md, "Module formats").

/** Mean |pixel - 3x3 median| at or above which the page is filtered (a clean render is about 0.2, grain of 8 grey levels about 4). */
export const NOISE_LEVEL = 2;
export const MAX_SKEW_DEG = 5;
export const MIN_SKEW_DEG = 0.15;
/** Rows between the ones the noise is measured on (sampledNoise). */
export const NOISE_SAMPLE_STEP = 8;

/** Otsu's threshold of an 8-bit grey image: grey levels <= it are ink. */
export function otsuThreshold(data) {
  // four histograms, added at the end: consecutive pixels of the same grey (the paper) would
  // otherwise wait on each other's increment of the same count
  const hist = new Int32Array(256);
  const h1 = new Int32Array(256);
  const h2 = new Int32Array(256);
  const h3 = new Int32Array(256);
  const n4 = data.length - (data.length % 4);
  let i = 0;
  for (; i < n4; i += 4) {
    hist[data[i]]++;
    h1[data[i + 1]]++;
    h2[data[i + 2]]++;
    h3[data[i + 3]]++;
  }
  for (; i < data.length; i++) hist[data[i]]++;
  for (let t = 0; t < 256; t++) hist[t] += h1[t] + h2[t] + h3[t];
  let sum = 0;
  for (let t = 0; t < 256; t++) sum += t * hist[t];
  let sumB = 0;
  let wB = 0;
  let best = -1;
  let threshold = 127;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (wB === 0) continue;
    const wF = data.length - wB;
    if (wF === 0) break;
    sumB += t * hist[t];
    const between = wB * wF * (sumB / wB - (sum - sumB) / wF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/**
 * One row of the 3x3 median: writes row y's medians into `out` (when given) and returns the sum of
 * |pixel - median| over the row. Each column's three values are sorted once and shared by the
 * three windows that hold them; the median of the nine is then the median of (largest low,
 * median of mids, smallest high).
 *
 * Every minimum and maximum is arithmetic, not a comparison and a jump: on a grainy scan which
 * of two neighbours is darker is a coin toss, and mispredicted branches made the filter about four
 * times slower (230 against 60 ms on an A4 page at 300 DPI). For grey levels a and b,
 * d = a - b and s = d >> 31 (all ones when a < b, else 0) give min = b + (d & s) and
 * max = a - (d & s). The sorted columns slide along the row in locals (x - 1, x, x + 1).
 */
function medianRow(data, width, y, out) {
  const r0 = (y - 1) * width;
  const r1 = y * width;
  const r2 = r1 + width;
  let d;
  let s;
  // the sorted columns x - 1 (l0 <= m0 <= h0) and x (l1, m1, h1), before the first window
  let a = data[r0];
  let b = data[r1];
  let c = data[r2];
  d = a - b; s = d >> 31;
  let p = b + (d & s);
  let q = a - (d & s);
  d = q - c; s = d >> 31;
  let r = c + (d & s);
  let h0 = q - (d & s);
  d = p - r; s = d >> 31;
  let l0 = r + (d & s);
  let m0 = p - (d & s);
  a = data[r0 + 1];
  b = data[r1 + 1];
  c = data[r2 + 1];
  d = a - b; s = d >> 31;
  p = b + (d & s);
  q = a - (d & s);
  d = q - c; s = d >> 31;
  r = c + (d & s);
  let h1 = q - (d & s);
  d = p - r; s = d >> 31;
  let l1 = r + (d & s);
  let m1 = p - (d & s);
  let diff = 0;
  for (let x = 1; x < width - 1; x++) {
    // column x + 1 sorted: (p, q) = sorted (a, b); then c goes in
    a = data[r0 + x + 1];
    b = data[r1 + x + 1];
    c = data[r2 + x + 1];
    d = a - b; s = d >> 31;
    p = b + (d & s);
    q = a - (d & s);
    d = q - c; s = d >> 31;
    r = c + (d & s);
    const h2 = q - (d & s);
    d = p - r; s = d >> 31;
    const l2 = r + (d & s);
    const m2 = p - (d & s);
    // largest of the lows, smallest of the highs
    d = l0 - l1; s = d >> 31;
    let lo = l0 - (d & s);
    d = lo - l2; s = d >> 31;
    lo -= d & s;
    d = h0 - h1; s = d >> 31;
    let hi = h1 + (d & s);
    d = hi - h2; s = d >> 31;
    hi = h2 + (d & s);
    // median of the mids: max(min(m0, m1), min(max(m0, m1), m2))
    d = m0 - m1; s = d >> 31;
    const mn = m1 + (d & s);
    const mx = m0 - (d & s);
    d = mx - m2; s = d >> 31;
    const t = m2 + (d & s);
    d = mn - t; s = d >> 31;
    const mid = mn - (d & s);
    // median of (lo, mid, hi), the same way
    d = lo - mid; s = d >> 31;
    const u = mid + (d & s);
    const v = lo - (d & s);
    d = v - hi; s = d >> 31;
    const w = hi + (d & s);
    d = u - w; s = d >> 31;
    const m = u - (d & s);
    d = data[r1 + x] - m; s = d >> 31;
    diff += (d ^ s) - s;
    if (out !== null) out[r1 + x] = m;
    l0 = l1; m0 = m1; h0 = h1;
    l1 = l2; m1 = m2; h1 = h2;
  }
  return diff;
}

/** 3x3 median (edges kept as they are) and the page's noise: the mean |pixel - median|. */
export function median3(data, width, height) {
  const out = new Uint8Array(data);
  let diff = 0;
  if (width > 2) for (let y = 1; y < height - 1; y++) diff += medianRow(data, width, y, out);
  return { data: out, noise: width > 2 && height > 2 ? diff / ((width - 2) * (height - 2)) : 0 };
}

/**
 * The page's noise as median3 measures it, from every `step`-th row only: deciding whether a page
 * needs the filter costs an eighth of filtering it (a clean page is then never filtered at all).
 */
export function sampledNoise(data, width, height, step = NOISE_SAMPLE_STEP) {
  let diff = 0;
  let rows = 0;
  for (let y = 1; y < height - 1 && width > 2; y += step) {
    diff += medianRow(data, width, y, null);
    rows++;
  }
  return width > 2 && rows > 0 ? diff / ((width - 2) * rows) : 0;
}

/**
 * Peakedness of the row profile of the ink points sheared by tan(angle): sum of squared bin counts.
 * A point (x, y) falls in bin round(y - x tan) = y + round(-x tan) (y is whole), so the points' rows
 * are held column by column (column x's from start[x] to start[x + 1]) and each run of columns
 * with the same shift is added to the profile with no arithmetic per point: about half the time
 * of placing each point on its own. The bins are the same (checked on every point of the 11
 * scan-corpus pages at 341 angles).
 */
function profileScore(rows, start, width, height, tan, bins, offset) {
  bins.fill(0);
  const size = bins.length;
  for (let x = 0; x < width; ) {
    const shift = Math.round(-x * tan);
    let end = x + 1;
    while (end < width && Math.round(-end * tan) === shift) end++;
    const o = shift + offset;
    const last = start[end];
    if (o >= 0 && o + height <= size) {
      for (let i = start[x]; i < last; i++) bins[rows[i] + o]++;
    } else {
      // the fine search next to ±MAX_SKEW_DEG can shear points past the bins: they are not counted
      for (let i = start[x]; i < last; i++) {
        const bin = rows[i] + o;
        if (bin >= 0 && bin < size) bins[bin]++;
      }
    }
    x = end;
  }
  let score = 0;
  for (let i = 0; i < size; i++) score += bins[i] * bins[i];
  return score;
}

/**
 * The page's skew in degrees (positive: lines fall to the right), 0 when there is too little ink.
 * Ink points are taken on a checkerboard (every row, every other column, alternating) so that
 * no angle is favoured by the sampling grid; coarse 0.25° steps, then 0.05° around the best.
 */
export function estimateSkew(data, width, height, threshold = otsuThreshold(data)) {
  const limit = 400_000;
  const xs = new Int32Array(limit);
  const ys = new Int32Array(limit);
  let count = 0;
  for (let y = 0; y < height && count < limit; y++) {
    const row = y * width;
    for (let x = y & 1; x < width && count < limit; x += 2) {
      if (data[row + x] <= threshold) {
        xs[count] = x;
        ys[count] = y;
        count++;
      }
    }
  }
  if (count < 200) return 0;
  // the points' rows regrouped by column (a counting sort on x; each column's rows stay in order)
  const start = new Int32Array(width + 1);
  for (let i = 0; i < count; i++) start[xs[i] + 1]++;
  for (let x = 0; x < width; x++) start[x + 1] += start[x];
  const next = start.slice(0, width);
  const rows = new Int32Array(count);
  for (let i = 0; i < count; i++) rows[next[xs[i]]++] = ys[i];
  const offset = Math.ceil(width * Math.tan((MAX_SKEW_DEG * Math.PI) / 180)) + 1;
  const bins = new Int32Array(height + 2 * offset);
  const score = (deg) => profileScore(rows, start, width, height, Math.tan((deg * Math.PI) / 180), bins, offset);
  let best = 0;
  let bestScore = score(0);
  const search = (from, to, step) => {
    for (let deg = from; deg <= to + 1e-9; deg += step) {
      const s = score(deg);
      if (s > bestScore) {
        bestScore = s;
        best = deg;
      }
    }
  };
  search(-MAX_SKEW_DEG, MAX_SKEW_DEG, 0.25);
  const centre = best;
  search(centre - 0.25, centre + 0.25, 0.05);
  return Math.round(best * 100) / 100;
}

/**
 * Straightens the page's lines by shifting each column up or down by (x - centre) * tan(skew),
 * rounded to whole pixels: a vertical shear, which for the few degrees searched here puts text
 * lines where the rotation would (a letter's strokes stay tilted by the angle, as on the scan).
 * Runs of columns with the same shift are copied as row segments, so it costs a copy of the
 * page, where a bilinear rotation cost about as long as the median filter (~350 ms on an A4
 * page at 300 DPI) for a little accuracy (bench/ocr/RESULTS.md).
 */
export function shearLevel(data, width, height, skewDeg, fill) {
  const out = new Uint8Array(data.length);
  const tan = Math.tan((skewDeg * Math.PI) / 180);
  const cx = width / 2;
  const runs = [];
  for (let x = 0; x < width; ) {
    const shift = Math.round((x - cx) * tan);
    let end = x + 1;
    while (end < width && Math.round((end - cx) * tan) === shift) end++;
    runs.push(x, end, shift);
    x = end;
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let k = 0; k < runs.length; k += 3) {
      const x0 = runs[k];
      const x1 = runs[k + 1];
      const sy = y + runs[k + 2];
      if (sy < 0 || sy >= height) out.fill(fill, row + x0, row + x1);
      // a short run is copied by hand: at a few degrees runs are ~20 px, and a subarray for each
      // cost more than its copy (45 against 17 ms at 4.9 degrees on an A4 page)
      else if (x1 - x0 >= 64) out.set(data.subarray(sy * width + x0, sy * width + x1), row + x0);
      else for (let o = row + x0, i = sy * width + x0, end = row + x1; o < end; o++, i++) out[o] = data[i];
    }
  }
  return out;
}

/** Mean grey of the page's paper (the pixels lighter than the ink threshold), sampled. */
function paperGrey(data, threshold) {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < data.length; i += 13) {
    if (data[i] > threshold) {
      sum += data[i];
      n++;
    }
  }
  return n > 0 ? Math.round(sum / n) : 255;
}

/**
 * Cleans an 8-bit grey page for recognition. Returns the page to recognise (`data`, possibly the
 * input itself) and what was done: `noise` (mean |pixel - median|, on sampled rows), `denoised`, `skew` (degrees
 * straightened by, 0 when not).
 */
export function cleanPage(data, width, height) {
  const noise = sampledNoise(data, width, height);
  const denoised = noise >= NOISE_LEVEL;
  let page = denoised ? median3(data, width, height).data : data;
  const threshold = otsuThreshold(page);
  const skew = estimateSkew(page, width, height, threshold);
  if (Math.abs(skew) >= MIN_SKEW_DEG) page = shearLevel(page, width, height, skew, paperGrey(page, threshold));
  return { data: page, noise: Math.round(noise * 100) / 100, denoised, skew: Math.abs(skew) >= MIN_SKEW_DEG ? skew : 0 };
}

/**
 * Below this median text-line height (pixels; textLineHeight's runs of inked rows, about a
 * capital's height for print in capitals, more with descenders) an image is drawn larger before
 * it is read: a receipt scanned at 150 DPI measures 14-16, text at 300 DPI 22 and more.
 */
export const MIN_LINE_PX = 20;
/** The line height a small image is enlarged to: about what ordinary print scanned at 300 DPI measures. */
export const TARGET_LINE_PX = 36;
/** An image is enlarged at most this many times (a thumbnail's text is not there to recover). */
export const MAX_UPSCALE = 3;

/**
 * The median height in pixels of an image's text lines: the runs of rows that hold ink (Otsu's
 * threshold) between rows that hold none, read between 5 % margins so a dark scan edge does not
 * join every row into one run. 0 when the image shows no run of lines (a photo, a blank page):
 * the caller then leaves the image as it is.
 */
export function textLineHeight(data, width, height) {
  const threshold = otsuThreshold(data);
  const x0 = Math.floor(width * 0.05);
  const x1 = Math.ceil(width * 0.95);
  const minInk = Math.max(2, Math.round((x1 - x0) * 0.01));
  const runs = [];
  let start = -1;
  for (let y = 0; y <= height; y++) {
    let ink = 0;
    if (y < height) {
      const row = y * width;
      for (let x = x0; x < x1; x++) if (data[row + x] <= threshold) ink++;
    }
    if (ink >= minInk && y < height) {
      if (start < 0) start = y;
    } else if (start >= 0) {
      if (y - start >= 3) runs.push(y - start);
      start = -1;
    }
  }
  // fewer than three lines, or lines that fill the page, are no text block to measure
  if (runs.length < 3) return 0;
  runs.sort((a, b) => a - b);
  const median = runs[Math.floor(runs.length / 2)];
  return median * 4 > height ? 0 : median;
}

/** How many times to enlarge an image whose text lines are `lineHeight` pixels high (1: not). */
export function upscaleFor(lineHeight) {
  if (!lineHeight || lineHeight >= MIN_LINE_PX) return 1;
  return Math.min(MAX_UPSCALE, TARGET_LINE_PX / lineHeight);
}
