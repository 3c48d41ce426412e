import { OcrError } from '../errors';
import type { OcrEngineChoice } from '../types';
import { TesseractCliEngine, detectTesseractCli, type CliModelChoice } from './tesseract-cli';
import { TesseractJsEngine } from './tesseract-js';
import type { OcrEngine } from './types';

export type { OcrEngine, RecognizeRequest } from './types';
export { detectTesseractCli, TesseractCliEngine, type CliModelChoice } from './tesseract-cli';
export { TesseractJsEngine, shutdownTesseractJs, tesseractJsPoolSize } from './tesseract-js';
export { closeIdleStreams } from './tesseract-stream';

/**
 * The start-up line naming the OCR engine resolveEngine() will pick, e.g.
 * "OCR engine: tesseract CLI (tesseract 5.3.0)" or "OCR engine: bundled tesseract.js (...)".
 */
export async function describeOcrEngine(choice: OcrEngineChoice, model: CliModelChoice = {}): Promise<{ line: string; ok: boolean }> {
  if (choice === 'tesseract-js') return { line: 'OCR engine: bundled tesseract.js (OCR_ENGINE=tesseract-js)', ok: true };
  const cli = await detectTesseractCli(undefined, model);
  if (cli.available) {
    return { line: `OCR engine: tesseract CLI (${cli.command}${cli.version ? ` ${cli.version}` : ''}; OCR_MODEL=${model.model ?? 'best'}, OCR_LANGUAGES=${model.languages ?? 'eng'}: ${cli.model})`, ok: true };
  }
  if (choice === 'tesseract-cli') {
    return { line: `OCR engine: none — OCR_ENGINE=tesseract-cli but ${cli.reason}; OCR jobs will fail`, ok: false };
  }
  return { line: `OCR engine: bundled tesseract.js (no usable tesseract command: ${cli.reason})`, ok: true };
}

/** 'auto': the tesseract command when installed with English (about 2x faster a page here), else tesseract.js. */
export async function resolveEngine(choice: OcrEngineChoice, concurrency: number, model: CliModelChoice = {}): Promise<OcrEngine> {
  if (choice === 'tesseract-js') return new TesseractJsEngine(concurrency);
  const cli = await detectTesseractCli(undefined, model);
  if (choice === 'tesseract-cli') {
    if (!cli.available) throw new OcrError('ENGINE_UNAVAILABLE', `The tesseract command is not available: ${cli.reason}.`);
    return new TesseractCliEngine(cli.command, cli.tessdataDir, cli.languages, cli.detect ?? false, cli.rereadWith);
  }
  return cli.available ? new TesseractCliEngine(cli.command, cli.tessdataDir, cli.languages, cli.detect ?? false, cli.rereadWith) : new TesseractJsEngine(concurrency);
}
