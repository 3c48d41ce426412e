// The English model the tesseract command reads: tessdata_best's LSTM model in integer form,
// shipped by @tesseract.js-data/eng (a dependency, so nothing is downloaded), not the
// distribution's eng.traineddata, which is tessdata_fast (Debian's tesseract-ocr-eng, 4 MB).
// Why: on the extraction bench's development scans (bench/extraction/ocr-quality.mjs) the fast
// model misreads 2.8 % of characters and 6.5 % of words, this one 2.1 % and 5.1 %, for about
// 10 % more time a page. The model is gunzipped once into a folder of its own (the command
// needs a file on disk); if that fails the command keeps its own data.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import engData from '@tesseract.js-data/eng';

export const BUNDLED_MODEL_NAME = 'tessdata_best (integer) from @tesseract.js-data/eng';

/** The gzipped model inside the package (beside the `4.0.0` folder tesseract.js reads). */
export const bundledModelPath = (): string => path.join(path.dirname(engData.langPath), '4.0.0_best_int', 'eng.traineddata.gz');

export interface TessdataDir {
  dir: string;
  model: string;
}

let prepared: Promise<TessdataDir | { error: string }> | undefined;

async function gunzipOnce(source: string, dir: string): Promise<void> {
  const target = path.join(dir, 'eng.traineddata');
  // the model only ever appears by a rename, so a file there is a whole one
  if (await stat(target).then(() => true, () => false)) return;
  await mkdir(dir, { recursive: true });
  // Written beside and renamed: another process (a test worker, the API beside the bench) may
  // be preparing the same folder, and tesseract must never read half a model.
  const partial = `${target}.${process.pid}.${Date.now()}.part`;
  try {
    await pipeline(createReadStream(source), createGunzip(), createWriteStream(partial));
    await rename(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * The folder to pass as `--tessdata-dir`, prepared on first use and cached for the process.
 * `QUARRY_TESSDATA_CACHE` chooses where it is kept (default: the system's temporary folder).
 */
export function bundledTessdata(): Promise<TessdataDir | { error: string }> {
  prepared ??= (async () => {
    const source = bundledModelPath();
    try {
      const { size, mtimeMs } = await stat(source);
      // keyed by the packed file, so an upgraded package is gunzipped again
      const dir = path.join(process.env.QUARRY_TESSDATA_CACHE || tmpdir(), `quarry-tessdata-eng-best-int-${size}-${Math.round(mtimeMs)}`);
      await gunzipOnce(source, dir);
      return { dir, model: BUNDLED_MODEL_NAME };
    } catch (err) {
      return { error: `the bundled English model could not be prepared (${err instanceof Error ? err.message : String(err)})` };
    }
  })();
  return prepared;
}
