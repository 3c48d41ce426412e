// OCR in the languages invoices come in, and pictures of text inside text-layer PDFs, with the
// real tesseract command and the models shipped by the @tesseract.js-data packages.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { characterAccuracy } from './fixtures/accuracy';
import { makeImagePdf, makeTextPdfWithImage, renderTextImage } from './fixtures/generate';
import { itWith } from './fixtures/engines';
import { withRecordedTesseract } from './fixtures/recorded-tesseract';
import { BUNDLED_LANGUAGES } from './engines/tessdata';
import { detectLanguage } from './language';
import { detectTesseractCli, runOcr, shutdownOcr } from './index';
import { ProcessingPool } from '../../pool';

jest.setTimeout(120_000);

let pool: ProcessingPool;
beforeAll(() => {
  pool = new ProcessingPool({ size: 1 });
});
afterAll(async () => {
  await pool.destroy();
  await shutdownOcr();
});

const pdf = (bytes: Uint8Array, filename = 'doc.pdf') => ({ bytes, mimeType: 'application/pdf', filename });

const ENGLISH_TOLD_FRENCH = [
  'Initech Services LLC',
  'INVOICE INV-1035',
  'Date 2024-09-27 Due 2024-11-11',
  'Bill to Carlos Ruiz',
  'Description Qty Unit price Amount',
  'Consulting services 12 1,044.20 12,530.40',
  'Subtotal 12,530.40',
  'Tax 1,002.43',
  'Total 13,532.83',
];

const GERMAN = [
  'Rechnung Nr. 2024-0815 vom 7. Mai 2024',
  'Müller & Söhne GmbH, Hauptstraße 12, 80331 München',
  'Die Lieferung erfolgte gemäß Ihrer Bestellung über unseren Außendienst.',
  'Zahlbar innerhalb von 14 Tagen ohne Abzug. Größere Beträge überweisen Sie bitte.',
  'Gesamtbetrag einschließlich Umsatzsteuer: 1.190,00 €',
];
const FRENCH = [
  'Facture n° F-2024-117 du 2 juillet 2024',
  'Société Générale des Eaux, 14 rue de la Préfecture, 75001 Paris',
  'Nous vous remercions de votre confiance et restons à votre disposition.',
  'Règlement à réception, pénalités de retard exigibles dès le lendemain.',
  'Montant total TTC à payer : 1 234,56 €',
];

describe('the language of a page', () => {
  it.each([
    ['eng', 'Payment is due within thirty days of the invoice date. Thank you for your business.'],
    ['deu', 'Zahlbar innerhalb von vierzehn Tagen ohne Abzug. Vielen Dank für Ihren Auftrag.'],
    ['fra', 'Règlement à réception de la facture. Nous vous remercions de votre confiance.'],
    ['nld', 'Gelieve het totaalbedrag binnen dertig dagen over te maken. Bedankt voor uw bestelling.'],
    ['spa', 'El pago debe realizarse en un plazo de treinta días. Gracias por su confianza.'],
    ['ita', 'Il pagamento deve essere effettuato entro trenta giorni. Grazie per la fiducia.'],
    ['pol', 'Należność prosimy uregulować w ciągu trzydziestu dni. Dziękujemy za zamówienie.'],
  ])('is told among the bundled languages (%s)', (code, text) => {
    expect(detectLanguage(text)).toBe(code);
  });

  it('is not told from a few words or a column of numbers', () => {
    expect(detectLanguage('Total 12,50')).toBeNull();
    expect(detectLanguage('1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25')).toBeNull();
  });
});

describe('OCR_LANGUAGES=auto', () => {
  itWith('tesseract-cli')('prepares one folder with the seven bundled models beside the command\'s own', async () => {
    const cli = await detectTesseractCli(undefined, { model: 'fast', languages: 'auto' });
    expect(cli).toMatchObject({ available: true, detect: true, languages: 'eng' });
    for (const code of BUNDLED_LANGUAGES) expect(existsSync(path.join(cli.tessdataDir!, `${code}.traineddata`))).toBe(true);
  });

  // Read with the English model only, "Müller & Söhne, Hauptstraße" comes back as
  // "Muller & S6hne, Hauptstrafbe" and "gemäß" as "gemaf&".
  itWith('tesseract-cli')('reads a German scan in German: umlauts and ß come back', async () => {
    const image = renderTextImage(GERMAN, { width: 1700, fontSize: 30 });
    const result = await runOcr(pdf(await makeImagePdf([image.png]), 'rechnung.pdf'), { engine: 'tesseract-cli', model: 'fast', languages: 'auto', pool });
    expect(result.text).toContain('Müller & Söhne GmbH, Hauptstraße 12, 80331 München');
    expect(result.text).toContain('Größere Beträge überweisen');
    expect(characterAccuracy(image.lines.join('\n'), result.text)).toBeGreaterThanOrEqual(0.99);
  });

  itWith('tesseract-cli')('reads a French scan in French: accents come back (and without the pool too)', async () => {
    const image = renderTextImage(FRENCH, { width: 1700, fontSize: 30 });
    const result = await runOcr(pdf(await makeImagePdf([image.png]), 'facture.pdf'), { engine: 'tesseract-cli', model: 'fast', languages: 'auto' });
    expect(result.text).toContain('Règlement à réception');
    expect(result.text).toContain('exigibles dès le lendemain');
    expect(result.text).toContain('TTC à payer');
  });

  itWith('tesseract-cli')('re-reads a page in its language and reads the next pages in it from the start', async () => {
    await withRecordedTesseract(async (tesseract) => {
      const a = renderTextImage(GERMAN.slice(0, 3), { width: 1700, fontSize: 30 });
      const b = renderTextImage(GERMAN.slice(2), { width: 1700, fontSize: 30 });
      await runOcr(pdf(await makeImagePdf([a.png, b.png])), { engine: 'tesseract-cli', model: 'fast', languages: 'auto', concurrency: 1, pool });
      const reads = tesseract.languages();
      // page 1 in English, told German, read again; page 2 in German at once
      expect(reads).toEqual(['eng', 'deu+eng', 'deu+eng']);
    });
  });
  itWith('tesseract-cli')('keeps the first reading when the told language reads the page less surely, and does not try that language again', async () => {
    await withRecordedTesseract(async (tesseract) => {
      // an English invoice whose trigrams franc tells French (names, numbers, short labels)
      expect(detectLanguage(ENGLISH_TOLD_FRENCH.join('\n'))).toBe('fra');
      const page = renderTextImage(ENGLISH_TOLD_FRENCH, { width: 1700, fontSize: 30 });
      const result = await runOcr(pdf(await makeImagePdf([page.png, page.png])), { engine: 'tesseract-cli', model: 'fast', languages: 'auto', concurrency: 1, pool });
      const reads = tesseract.languages();
      // page 1 in English, told French, read again in French: not surer, so English is kept;
      // page 2 in English only
      expect(reads).toEqual(['eng', 'fra+eng', 'eng']);
      expect(result.text).toContain('Consulting services');
    });
  });
});

describe('OCR_MODEL=fast+best', () => {
  itWith('tesseract-cli')('reads a page read with less confidence than asked again with the best English model, and keeps the surer reading', async () => {
    await withRecordedTesseract(async (tesseract) => {
      const image = renderTextImage(['Invoice 2024-117 from Northwind Trading Ltd', 'Payment is due within 30 days of the invoice date.'], { width: 1300, fontSize: 30 });
      const bytes = await makeImagePdf([image.png]);
      // no page is read with a confidence of 101: every page is read twice
      const twice = await runOcr(pdf(bytes), { engine: 'tesseract-cli', model: 'fast+best', languages: 'eng', rereadBelow: 101, pool });
      expect(tesseract.languages()).toEqual(['eng', 'eng_best']);
      expect(twice.text).toContain('Payment is due within 30 days of the invoice date.');
      tesseract.clear();
      await runOcr(pdf(bytes), { engine: 'tesseract-cli', model: 'fast+best', languages: 'eng', rereadBelow: 0, pool });
      expect(tesseract.languages()).toEqual(['eng']);
    });
  });
});

describe('a picture of text inside a text-layer PDF', () => {
  const above = ['Invoice INV-2024-0042 from Northwind Traders', 'Issued 14 March 2024 to Contoso Ltd'];
  const pictured = ['Scanned delivery slip 4711', 'Received by Anna Berg on 12 March 2024', 'Parcel weight 12.5 kg'];
  const below = ['Total due EUR 1,250.00', 'Thank you for your business'];

  itWith('tesseract-cli')('is read and its lines take their place between the text lines', async () => {
    const image = renderTextImage(pictured, { width: 1300, fontSize: 30 });
    const bytes = await makeTextPdfWithImage(above, image.png, below);
    const result = await runOcr(pdf(bytes), { engine: 'tesseract-cli', model: 'fast', pool });
    expect(result.pages.map((p) => p.source)).toEqual(['text_layer']);
    expect(result.pages[0]!.lines.filter((l) => l !== '')).toEqual([...above, ...pictured, ...below]);
  });

  itWith('tesseract-cli')('is read in the language of the page\'s text layer', async () => {
    const image = renderTextImage(['Lieferschein 4711, empfangen von Jürgen Weiß', 'Gewicht: 12,5 kg, Größe: groß'], { width: 1300, fontSize: 30 });
    const bytes = await makeTextPdfWithImage(
      ['Rechnung Nr. 2024-0815 vom 7. Mai 2024 an die Müller & Söhne GmbH in München'],
      image.png,
      ['Zahlbar innerhalb von 14 Tagen ohne Abzug. Vielen Dank für Ihren Auftrag.'],
    );
    const result = await runOcr(pdf(bytes), { engine: 'tesseract-cli', model: 'fast', languages: 'auto', pool });
    expect(result.text).toContain('Lieferschein 4711, empfangen von Jürgen Weiß');
    expect(result.text).toContain('Größe: groß');
  });
});
