// A PDF's compressed streams, inflated only to count their bytes, before pdfjs opens the file:
// a few hundred KB of Flate data can inflate to gigabytes (a "zip bomb" page), and pdfjs
// inflates a stream whole, in memory. Every `stream ... endstream` body of the file whose
// dictionary names FlateDecode is inflated chunk by chunk and counted (nothing is kept); the
// first one over `maxStreamBytes`, or the file's sum over `maxTotalBytes`, fails the check.
// Runs in the processing pool (a 300-page PDF has thousands of streams). Streams are never
// nested inside object streams, so the raw file shows them all. Other filters (LZW,
// RunLength) are not counted; image filters (DCT, JPX) are bounded by pdfjs' maxImageSize.
import { createInflate } from 'node:zlib';

export interface PdfStreamLimits {
  maxStreamBytes: number;
  maxTotalBytes: number;
}

export type PdfStreamCheck =
  | { ok: true; streams: number; inflatedBytes: number; largest: number }
  | { ok: false; message: string; streams: number; inflatedBytes: number };

const mb = (n: number) => `${Math.round(n / 1_048_576)} MB`;

/** Inflated size of a zlib stream, counting no further than `limit` + 1 chunk. Corrupt data: what inflated so far. */
function inflatedSize(data: Uint8Array, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const z = createInflate({ chunkSize: 256 * 1024 });
    let n = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve(n);
    };
    z.on('data', (c: Buffer) => {
      n += c.length;
      if (n > limit) {
        finish();
        z.destroy();
      }
    });
    z.on('end', finish);
    z.on('error', finish);
    z.on('close', finish);
    z.end(data);
  });
}

export async function checkPdfStreams(bytes: Uint8Array, limits: PdfStreamLimits): Promise<PdfStreamCheck> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buf.toString('latin1');
  const streamRe = /stream\r?\n/g;
  let streams = 0;
  let total = 0;
  let largest = 0;
  for (let m = streamRe.exec(text); m; m = streamRe.exec(text)) {
    const start = m.index + m[0].length;
    // `endstream` also matches the regex: only a keyword after a dictionary opens a stream
    if (m.index >= 3 && text.slice(m.index - 3, m.index) === 'end') continue;
    const dictStart = text.lastIndexOf('obj', m.index);
    const dict = text.slice(Math.max(dictStart, m.index - 4096), m.index);
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    streamRe.lastIndex = end + 9;
    if (!/\/(FlateDecode|Fl)\b/.test(dict)) continue;
    streams += 1;
    const remaining = limits.maxTotalBytes - total;
    const size = await inflatedSize(buf.subarray(start, end), Math.min(limits.maxStreamBytes, remaining));
    total += size;
    largest = Math.max(largest, size);
    if (size > limits.maxStreamBytes) {
      return { ok: false, streams, inflatedBytes: total, message: `The PDF holds a compressed stream that expands to more than ${mb(limits.maxStreamBytes)}; it is not processed.` };
    }
    if (total > limits.maxTotalBytes) {
      return { ok: false, streams, inflatedBytes: total, message: `The PDF's compressed streams expand to more than ${mb(limits.maxTotalBytes)} in all; it is not processed.` };
    }
  }
  return { ok: true, streams, inflatedBytes: total, largest };
}
