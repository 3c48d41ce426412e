// An image: decoded and cleaned in the media process (a scan's noise and skew out) when the
// canvas decoder reads its format, else read by the engine as it is (TIFF, PNM: Leptonica;
// a multi-page TIFF gives every page).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ENGINE_NATIVE_FORMATS, imageSize, type DetectedInput } from './detect';
import { OcrAbortError, OcrError, isOcrError } from './errors';
import type { PageReader } from './reader';
import { MAX_DECODE_PIXELS, pageDone, startMedia, type OcrRun } from './run';
import type { TsvPage } from './tsv';
import type { PageCleaning } from './types';

export type ImageFormat = Extract<DetectedInput, { kind: 'image' }>['format'];

export async function readImage(run: OcrRun, reader: PageReader, format: ImageFormat): Promise<void> {
  const { settings, controller, progress, filename, bytes } = run;
  const { readTimeoutMs } = settings;
  progress.total = 1;
  const size = imageSize(bytes, format);
  if (size && size.width * size.height > MAX_DECODE_PIXELS) {
    throw new OcrError('IMAGE_TOO_LARGE', `The image is too large to recognise (${size.width} x ${size.height} pixels; at most ${Math.round(MAX_DECODE_PIXELS / 1e6)} megapixels).`);
  }
  const imagePath = path.join(run.tmp, `input.${format}`);
  await writeFile(imagePath, bytes);
  let cleaned: PageCleaning | undefined;
  const decodeWithCanvas = async (): Promise<string> => {
    const m = run.media ?? (await startMedia(run));
    const out = await m.call<{ path: string; clean: PageCleaning }>('image_decode', { path: imagePath, outPath: path.join(run.tmp, 'decoded.pgm'), maxPixels: MAX_DECODE_PIXELS, budgetPixels: settings.maxPagePixels }, {
      timeoutMs: readTimeoutMs,
      timeoutError: () => new OcrError('TIMEOUT', `Decoding the image took longer than ${Math.round(readTimeoutMs / 1000)} s.`),
      onCrash: (d) => new OcrError('IMAGE_UNDECODABLE', `The image ${filename} could not be decoded: the decoder stopped on its data (${d}); the file is damaged or not a supported image.`),
    });
    cleaned = out.clean;
    // the decoder's memory (a large image's pixels) is given back before tesseract reads the page
    run.media = null;
    await m.close();
    return out.path;
  };
  const recogniseNative = async () => {
    try {
      return await reader.recognise(imagePath, undefined);
    } catch (err) {
      if (isOcrError(err) && err.code === 'IMAGE_UNDECODABLE') {
        throw new OcrError('IMAGE_UNDECODABLE', `The image ${filename} could not be decoded: the file is damaged or not a valid ${format.toUpperCase()} image.`, { cause: err });
      }
      throw err;
    }
  };
  let parsed: TsvPage[];
  if (!ENGINE_NATIVE_FORMATS.has(format)) {
    parsed = await reader.recognise(await decodeWithCanvas(), undefined);
  } else if (format === 'tiff' || format === 'pnm') {
    // Leptonica reads these itself (a multi-page TIFF gives every page); the canvas decoder cannot.
    parsed = await recogniseNative();
  } else {
    // Decoded in the media process so the page is cleaned (page-clean.mjs: a scan's noise and
    // skew out) before recognition; if the canvas decoder refuses it, Leptonica reads it as it is.
    // ... except one it refused for its size: Leptonica would decode all of it
    const decoded = await decodeWithCanvas().catch((err: unknown) => {
      if (isOcrError(err) && err.code === 'IMAGE_TOO_LARGE') throw err;
      return null;
    });
    if (controller.signal.aborted) throw new OcrAbortError();
    parsed = decoded ? await reader.recognise(decoded, undefined) : await recogniseNative();
  }
  const found = parsed.length > 0 ? parsed : [{ page: 1, lines: [] as string[] }];
  progress.total = found.length; // a multi-page TIFF (CLI engine) reports every page
  found.forEach((p, idx) =>
    pageDone(
      run,
      {
        page_number: idx + 1,
        source: 'ocr',
        lines: p.lines,
        ...('confidence' in p && p.confidence !== undefined ? { confidence: p.confidence } : {}),
        ...('unsure' in p && p.unsure ? { unsure_words: p.unsure } : {}),
        ...(cleaned ? { cleaned } : {}),
      },
      reader.engineName,
    ),
  );
}
