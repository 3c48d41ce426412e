// Structural checks of image bytes: good files pass with their size, every cut or damaged one
// is reported with a reason, never read past its end.
import { deflateSync } from 'node:zlib';
import { makeBmp, makeGif, makeImage, makeTiff } from '../uploads/test-fixtures';
import { checkBmp, checkGif, checkJpeg, checkPng, checkTiff } from './formats';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (b: Buffer) => {
  let c = 0xffffffff;
  for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const c = Buffer.alloc(4);
  c.writeUInt32BE(crc(td));
  return Buffer.concat([len, td, c]);
};
const png = (w: number, h: number, raw: Buffer) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
};

test('PNG: real files pass; cuts, bad checksums, short pixel data and bombs are reported', () => {
  expect(checkPng(makeImage('png', 120, 80))).toEqual({ ok: true, width: 120, height: 80, pages: 1 });
  const good = png(2, 2, Buffer.from([0, 1, 2, 0, 3, 4]));
  expect(checkPng(good)).toMatchObject({ ok: true, width: 2, height: 2 });
  for (let cut = 9; cut < good.length; cut += 7) expect(checkPng(good.subarray(0, cut)).ok).toBe(false);
  expect(checkPng(png(2, 2, Buffer.from([0, 1, 2])))).toEqual({ ok: false, message: 'The PNG image data is incomplete (fewer pixels than its size says).' });
  const flipped = Buffer.from(good);
  flipped[20] = flipped[20]! ^ 1;
  expect(checkPng(flipped)).toMatchObject({ ok: false, message: expect.stringMatching(/bad checksum in its IHDR chunk/) });
  expect(checkPng(png(0, 2, Buffer.alloc(0)))).toMatchObject({ ok: false, message: expect.stringMatching(/no pixels/) });
  expect(checkPng(png(100_000, 100_000, Buffer.alloc(1)))).toMatchObject({ ok: false, message: expect.stringMatching(/too large to decode/) });
});

test('JPEG: needs a frame header, image data and the end marker', () => {
  const jpg = makeImage('jpeg', 64, 48);
  expect(checkJpeg(jpg)).toEqual({ ok: true, width: 64, height: 48, pages: 1 });
  expect(checkJpeg(jpg.subarray(0, jpg.length - 2))).toMatchObject({ ok: false, message: 'The JPEG image is truncated (its end marker is missing).' });
  expect(checkJpeg(jpg.subarray(0, 30)).ok).toBe(false);
  expect(checkJpeg(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toMatchObject({ ok: false });
});

test('GIF, BMP: structure and size', () => {
  expect(checkGif(makeGif())).toEqual({ ok: true, width: 1, height: 1, pages: 1 });
  expect(checkGif(makeGif().subarray(0, makeGif().length - 1))).toMatchObject({ ok: false, message: 'The GIF image is truncated (its trailer is missing).' });
  expect(checkBmp(makeBmp())).toEqual({ ok: true, width: 2, height: 2, pages: 1 });
  expect(checkBmp(makeBmp().subarray(0, 60))).toMatchObject({ ok: false, message: 'The BMP image is truncated (pixel data is cut off).' });
});

test('TIFF: pages are counted from the page directories; loops and cuts are reported', () => {
  expect(checkTiff(makeTiff(1))).toEqual({ ok: true, width: 2, height: 2, pages: 1 });
  expect(checkTiff(makeTiff(4))).toMatchObject({ ok: true, pages: 4 });
  const t = makeTiff(2);
  expect(checkTiff(t.subarray(0, t.length - 2))).toMatchObject({ ok: false, message: 'The TIFF image is truncated (page 2 is cut off).' });
  const loop = makeTiff(1);
  loop.writeUInt32LE(8, 8 + 2 + 9 * 12); // next IFD -> itself
  expect(checkTiff(loop)).toMatchObject({ ok: false, message: 'The TIFF image is damaged (its pages form a loop).' });
});
