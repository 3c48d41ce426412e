// The validator's pool of media processes (real processes, real pdfjs): a process is recycled
// after 40 uses, and its replacement is started ahead so that the recycle does not stall the
// batch while node and pdfjs load.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { MediaProcess } from '../../processing/ocr/media';
import { makePdf } from '../uploads/test-fixtures';
import { FileValidator } from './validation';

jest.setTimeout(120_000);

describe('FileValidator process recycling', () => {
  let dir: string;
  let pdfPath: string;
  let size: number;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'quarry-validator-test-'));
    const pdf = await makePdf(2);
    pdfPath = path.join(dir, 'two-pages.pdf');
    size = pdf.length;
    await writeFile(pdfPath, pdf);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('starts the replacement before the 40th use and hands it over, every file still checked', async () => {
    const starts = jest.spyOn(MediaProcess, 'start');
    const validator = new FileValidator({ concurrency: 1, timeoutMs: 30_000 });
    try {
      const check = () => validator.validate({ path: pdfPath, fileType: 'pdf', filename: 'two-pages.pdf', size });
      for (let i = 0; i < 24; i++) expect(await check()).toMatchObject({ status: 'valid', actualPages: 2 });
      expect(starts).toHaveBeenCalledTimes(1);
      // the 25th use (40 - 15) starts the replacement while the first process still serves
      expect(await check()).toMatchObject({ status: 'valid', actualPages: 2 });
      expect(starts).toHaveBeenCalledTimes(2);
      for (let i = 25; i < 45; i++) expect(await check()).toMatchObject({ status: 'valid', actualPages: 2 });
      // uses 41..45 ran on the pre-started process: no third start
      expect(starts).toHaveBeenCalledTimes(2);
    } finally {
      await validator.close();
      starts.mockRestore();
    }
  });
});
