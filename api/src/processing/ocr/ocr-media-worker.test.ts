// The media process's DecompressionStream (ocr-media-worker.mjs), which pdfjs inflates a PDF's
// FlateDecode pictures through: it must give the bytes and the failures Node's own gives, except
// for bytes after the stream's end, which it ignores as Node 20's own does (Node 22 and later
// reject them, and pdfjs then inflates the picture in JavaScript, more slowly). The
// worker is plain ESM for its own process, which jest's CommonJS runtime cannot require: it is
// imported in a node child here (without an IPC channel it only installs the stream).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

describe('media process: the whole-stream DecompressionStream', () => {
  it('inflates as Node\'s own does, read the way pdfjs reads it, and fails where it fails', () => {
    const worker = pathToFileURL(path.join(__dirname, 'ocr-media-worker.mjs')).href;
    const script = [
      `import { deflateSync } from 'node:zlib';`,
      `import { createHash } from 'node:crypto';`,
      `const Native = globalThis.DecompressionStream;`,
      `const { WholeDecompressionStream } = await import(${JSON.stringify(worker)});`,
      // pdfjs's asyncGetBytesFromDecompressionStream, in short
      `async function read(Stream, bytes) {`,
      `  try {`,
      `    const { readable, writable } = new Stream('deflate');`,
      `    const writer = writable.getWriter();`,
      `    await writer.ready;`,
      `    writer.write(bytes).then(async () => { await writer.ready; await writer.close(); }).catch(() => {});`,
      `    const chunks = [];`,
      `    for await (const chunk of readable) chunks.push(chunk);`,
      `    const all = Buffer.concat(chunks);`,
      `    return { length: all.length, md5: createHash('md5').update(all).digest('hex') };`,
      `  } catch (err) { return { error: err.code ?? err.name }; }`,
      `}`,
      `let seed = 7; const noise = Buffer.alloc(300000).map(() => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);`,
      `const text = deflateSync(Buffer.from('Washers M10 zinc 2,400 18.6 kg\\n'.repeat(70000)));`,
      `const cases = {`,
      `  text, noise: deflateSync(noise), empty: deflateSync(Buffer.alloc(0)),`,
      `  truncated: text.subarray(0, text.length >> 1), junkAfter: Buffer.concat([text, Buffer.from('junk')]),`,
      `  badBlock: Buffer.from([0x78, 0x9c, 0xff, 0xff, 1, 2, 3]), notZlib: Buffer.from('hello'),`,
      `};`,
      `const out = {};`,
      `for (const [name, bytes] of Object.entries(cases)) out[name] = { whole: await read(WholeDecompressionStream, new Uint8Array(bytes)), node: await read(Native, new Uint8Array(bytes)) };`,
      `out.otherFormats = ['deflate-raw', 'gzip'].every((f) => new WholeDecompressionStream(f) instanceof Native);`,
      `console.log(JSON.stringify(out));`,
    ].join('\n');
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as Record<string, unknown>;
    const { otherFormats, junkAfter, ...cases } = out as Record<string, { whole: unknown; node: unknown }> & { otherFormats: unknown };
    for (const [name, r] of Object.entries(cases)) {
      expect({ name, ...(r.whole as object) }).toEqual({ name, ...(r.node as object) });
    }
    expect(junkAfter!.whole).toEqual(cases.text!.whole);
    expect((cases.text as { whole: { length: number } }).whole.length).toBe(31 * 70000);
    expect((cases.truncated as { whole: { error?: string } }).whole.error).toBeDefined();
    expect(otherFormats).toBe(true);
  });
});
