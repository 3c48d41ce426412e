// Names read from words OCR was unsure of (unsure.ts). The receipts are passages of development
// receipts of the extraction bench (bench/extraction/real.mjs, SROIE) with the confidences
// tesseract gave their words; each name was given misread before the rule.
import { extractOffline } from './extract';
import { date, num, obj, str } from './test-fixtures';

const RECEIPT = obj({ merchant_name: str('Store or merchant name'), date: date('Date of the purchase'), total: num('Total paid') });

// sroie/023: "TEO HENG STATIONERY & BOOKS", its O read as D (its total line as printed, without
// the specks OCR read beside it)
const TEO_HENG = [
  'EEE ee Teenie. oo  ri I A EE eR RR RE ——Te',
  'TED HENG STATIONERY & BOOKS',
  '{001451637-M)',
  'NO. 53, JALAN BESAR, 45600 BATANG BERJUNTAI',
  'SELANGOR DARUL EHSAN',
  'SIMPLIFIED TAX INVOICE',
  'Receipt No.: CS1801/26821  Date: 17/01/2018',
  'TOTAL TAX              :           1.66',
  'TOTAL                  27.55',
].join('\n');
const tedAt = (conf: number) => [
  { line: 1, words: [{ text: 'EEE', conf: 35 }, { text: 'Teenie.', conf: 24 }] },
  { line: 2, words: [{ text: 'TED', conf }] },
  { line: 4, words: [{ text: '53,', conf: 16 }] },
  // the receipt's number and the date's digits are read with little confidence too: no name is made of them
  { line: 7, words: [{ text: 'No.:', conf: 50 }, { text: 'CS1801/26821', conf: 34 }, { text: '17/01/2018', conf: 62 }] },
  { line: 9, words: [{ text: '27.55', conf: 41 }] },
];

describe('a name made of a word OCR was unsure of', () => {
  it('is left out and listed as not found, with the word and its confidence', () => {
    expect(extractOffline(TEO_HENG, RECEIPT).data).toMatchObject({ merchant_name: 'TED HENG STATIONERY & BOOKS' });
    const r = extractOffline({ text: TEO_HENG, unsure: tedAt(42) }, RECEIPT);
    expect(r.data).toEqual({ date: '2018-01-17', total: 27.55 });
    expect(r.warnings).toContain('not found: merchant_name ("TED HENG STATIONERY & BOOKS" is read from a word OCR was unsure of ("TED", confidence 42))');
    expect(r.found.map((f) => f.path)).not.toContain('merchant_name');
  });

  it('is kept when OCR was sure enough of its words (70 or more)', () => {
    expect(extractOffline({ text: TEO_HENG, unsure: tedAt(70) }, RECEIPT).data).toMatchObject({ merchant_name: 'TED HENG STATIONERY & BOOKS', date: '2018-01-17', total: 27.55 });
  });

  it('counts the line below when the name holds it (a legal form joined to its name), not an address line', () => {
    // sroie/120, its letterhead with "SDN BHD" below as other receipts print it
    const text = ['SYARIKAT PERNIAGAAN GIN KEE', 'SDN BHD', 'NO 290. JALAII AIR PANAS,', 'SETAPAK,', '53200, KUALA LUMPUR.', 'SIMPLIFIED TAX INVOICE', 'Date: 30/03/2018', 'Total: 16.00'].join('\n');
    expect(extractOffline(text, RECEIPT).data).toMatchObject({ merchant_name: 'SYARIKAT PERNIAGAAN GIN KEE SDN BHD' });
    const legalForm = extractOffline({ text, unsure: [{ line: 2, words: [{ text: 'BHD', conf: 31 }] }] }, RECEIPT);
    expect(legalForm.data).not.toHaveProperty('merchant_name');
    const address = extractOffline({ text, unsure: [{ line: 3, words: [{ text: 'JALAII', conf: 12 }] }] }, RECEIPT);
    expect(address.data).toMatchObject({ merchant_name: 'SYARIKAT PERNIAGAAN GIN KEE SDN BHD' });
  });

  it('is judged by whole words: an unsure word that is part of a longer word of the name is not one of its words', () => {
    const r = extractOffline({ text: TEO_HENG, unsure: [{ line: 2, words: [{ text: 'HEN', conf: 5 }, { text: '&', conf: 0 }] }] }, RECEIPT);
    expect(r.data).toMatchObject({ merchant_name: 'TED HENG STATIONERY & BOOKS' });
  });
});
