// The models the tesseract command reads. Two sources, nothing downloaded at run time:
// - the command's own data (Debian's tesseract-ocr-eng: tessdata_fast, about 2x faster than
//   best on a page of print);
// - tessdata_best's LSTM models in integer form, shipped by the @tesseract.js-data/<code> npm
//   packages (dependencies of the API): English, German, French, Dutch, Spanish, Italian, Polish.
// One folder per model choice holds every language the command can then read, each gunzipped
// once (the command needs files on disk) or linked from the command's own folder:
//   'fast'  the command's own file for a language when it has one, else the bundled one;
//   'best'  the bundled file when there is one, else the command's own.
// Why best for English: on the extraction bench's development scans
// (bench/extraction/ocr-quality.mjs) the fast model misreads 2.8 % of characters and 6.5 % of
// words, this one 2.1 % and 5.1 %, for about 10 % more time a page.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import deu from '@tesseract.js-data/deu';
import eng from '@tesseract.js-data/eng';
import fra from '@tesseract.js-data/fra';
import ita from '@tesseract.js-data/ita';
import nld from '@tesseract.js-data/nld';
import pol from '@tesseract.js-data/pol';
import spa from '@tesseract.js-data/spa';
import type { OcrModel } from '../types';

/** Languages whose best (integer) model ships with the API. */
export const BUNDLED_LANGUAGES = ['eng', 'deu', 'fra', 'nld', 'spa', 'ita', 'pol'] as const;
export type BundledLanguage = (typeof BUNDLED_LANGUAGES)[number];

const packages: Record<BundledLanguage, { langPath: string }> = { eng, deu, fra, nld, spa, ita, pol };

/** The bundled best English model's name where the folder's `eng` is the command's own (fast) one. */
export const ENG_BEST = 'eng_best';

export const BUNDLED_MODEL_NAME = 'tessdata_best (integer) from @tesseract.js-data';

/** The gzipped model inside a package (beside the `4.0.0` folder tesseract.js reads). */
export const bundledModelPath = (code: BundledLanguage = 'eng'): string =>
  path.join(path.dirname(packages[code].langPath), '4.0.0_best_int', `${code}.traineddata.gz`);

export interface TessdataDir {
  dir: string;
  /** language code -> where its model comes from ('bundled best' | 'own') */
  sources: Record<string, 'bundled best' | 'own'>;
}

const prepared = new Map<string, Promise<TessdataDir | { error: string }>>();

const exists = (p: string): Promise<boolean> => stat(p).then(() => true, () => false);

async function gunzipOnce(source: string, target: string): Promise<void> {
  // the model only ever appears by a rename, so a file there is a whole one
  if (await exists(target)) return;
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

async function linkOnce(source: string, target: string): Promise<void> {
  if (await exists(target)) return;
  const partial = `${target}.${process.pid}.${Date.now()}.part`;
  try {
    await symlink(source, partial);
    await rename(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * The folder to pass as `--tessdata-dir` for a model choice, prepared on first use and cached
 * for the process. `ownDir` is the command's own tessdata folder (from `--list-langs`), when
 * known. `QUARRY_TESSDATA_CACHE` chooses where the folders are kept (default: the system's
 * temporary folder); a folder is named by the packed files' sizes, so an upgraded package is
 * prepared again.
 */
export function tessdataFor(model: Exclude<OcrModel, 'fast+best'>, ownDir: string | undefined): Promise<TessdataDir | { error: string }> {
  const key = `${model}|${ownDir ?? ''}`;
  let p = prepared.get(key);
  if (!p) {
    p = (async () => {
      try {
        const sizes = await Promise.all(BUNDLED_LANGUAGES.map(async (code) => (await stat(bundledModelPath(code))).size));
        const stamp = sizes.reduce((h, s) => (h * 31 + s) % 1_000_000_007, 7);
        const dir = path.join(process.env.QUARRY_TESSDATA_CACHE || tmpdir(), `quarry-tessdata-${model}-${stamp}${ownDir ? `-${hashPath(ownDir)}` : ''}`);
        await mkdir(dir, { recursive: true });
        const own = ownDir ? await readdir(ownDir).catch(() => [] as string[]) : [];
        const sources: TessdataDir['sources'] = {};
        for (const file of own) {
          const code = file.endsWith('.traineddata') ? file.slice(0, -'.traineddata'.length) : null;
          if (!code || !ownDir) continue;
          if (model === 'best' && (BUNDLED_LANGUAGES as readonly string[]).includes(code)) continue;
          await linkOnce(path.join(ownDir, file), path.join(dir, file));
          sources[code] = 'own';
        }
        for (const code of BUNDLED_LANGUAGES) {
          if (sources[code]) continue;
          await gunzipOnce(bundledModelPath(code), path.join(dir, `${code}.traineddata`));
          sources[code] = 'bundled best';
        }
        // beside a fast English model, the best one under its own name, for re-reading a page read with little confidence
        if (sources.eng === 'own') {
          await gunzipOnce(bundledModelPath('eng'), path.join(dir, `${ENG_BEST}.traineddata`));
          sources[ENG_BEST] = 'bundled best';
        }
        return { dir, sources };
      } catch (err) {
        return { error: `the bundled models could not be prepared (${err instanceof Error ? err.message : String(err)})` };
      }
    })();
    prepared.set(key, p);
  }
  return p;
}

const hashPath = (s: string): string => {
  let h = 5381;
  for (let i = 0; i < s.length; i++) h = ((h * 33) ^ s.charCodeAt(i)) >>> 0;
  return h.toString(36);
};
