import { OcrError } from '../errors';
import type { OcrEngineChoice } from '../types';
import { TesseractCliEngine, detectTesseractCli } from './tesseract-cli';
import { TesseractJsEngine } from './tesseract-js';
import type { OcrEngine } from './types';

export type { OcrEngine, RecognizeRequest } from './types';
export { detectTesseractCli, TesseractCliEngine } from './tesseract-cli';
export { TesseractJsEngine, shutdownTesseractJs, tesseractJsPoolSize } from './tesseract-js';

/** 'auto': the tesseract command when installed with English (about 2x faster a page here), else tesseract.js. */
export async function resolveEngine(choice: OcrEngineChoice, concurrency: number): Promise<OcrEngine> {
  if (choice === 'tesseract-js') return new TesseractJsEngine(concurrency);
  const cli = await detectTesseractCli();
  if (choice === 'tesseract-cli') {
    if (!cli.available) throw new OcrError('ENGINE_UNAVAILABLE', `The tesseract command is not available: ${cli.reason}.`);
    return new TesseractCliEngine(cli.command);
  }
  return cli.available ? new TesseractCliEngine(cli.command) : new TesseractJsEngine(concurrency);
}
