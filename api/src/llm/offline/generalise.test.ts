// The offline extractor's generalisation rules, each on a document written here whose labels
// and column names appear nowhere in the extractor (nor in the bench's development half):
// fields found by the schema's own descriptions, columns mapped by the values they hold,
// European number formats, a table continued over pages with its header repeated, arithmetic
// that does not add up, and bad input (a document it cannot read, fields a document lacks).
import { OfflineProvider, extractOffline } from '.';
import { extractChunk } from '../../processing/extraction/extract';
import type { JSONSchema } from '../types';
import { dayFirstDocument } from './extract';
import { parseAmount } from './values';

const row = (cells: string[], widths: number[]) =>
  cells.map((c, i) => (widths[i]! < 0 ? c.padStart(-widths[i]!) : c.padEnd(widths[i]!))).join('').trimEnd();

const itemsSchema = (extra: Record<string, JSONSchema> = {}): JSONSchema => ({
  type: 'object',
  properties: {
    ...extra,
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          description: { type: 'string', description: 'What was supplied' },
          quantity: { type: 'number', description: 'How many units' },
          unit_price: { type: 'number', description: 'Price of one unit' },
          amount: { type: 'number', description: 'Line amount' },
        },
      },
    },
  },
});

describe('labels found by the schema description', () => {
  const schema: JSONSchema = {
    type: 'object',
    properties: {
      tracking_code: { type: 'string', description: 'The parcel identifier the courier assigned' },
      lodged_on: { type: 'string', format: 'date', description: 'Day the claim was lodged' },
      claimant: { type: 'string', description: 'Person who filed the claim' },
    },
  };

  it('reads "Courier parcel ID", "Lodged" and "Filed by" through the words of the descriptions', () => {
    const text = ['WAREHOUSE CLAIM FORM', '', 'Courier parcel ID:   ZX-40917-B', 'Lodged               17 June 2025', 'Filed by:            Mara Quist'].join('\n');
    const result = extractOffline(text, schema);
    expect(result.data).toEqual({ tracking_code: 'ZX-40917-B', lodged_on: '2025-06-17', claimant: 'Mara Quist' });
    expect(result.found.find((f) => f.path === 'lodged_on')?.label).toBe('Lodged');
  });

  it('leaves a field empty when no label shares a meaningful word with it', () => {
    const text = ['Courier parcel ID:   ZX-40917-B', 'Weather on the day:  sunny'].join('\n');
    const result = extractOffline(text, schema);
    expect(result.data).toEqual({ tracking_code: 'ZX-40917-B' });
    expect(result.missing).toEqual(expect.arrayContaining(['lodged_on', 'claimant']));
  });
});

describe('table columns mapped by their values', () => {
  it('maps "Ref | Stuff | N | Each(ish) | Ext" by quantity × price = amount and the longest text column', () => {
    const W = [8, 34, -6, -12, -12];
    const text = [
      'Supplied goods',
      '',
      row(['Ref', 'Stuff', 'N', 'Zorp', 'Blix'], W),
      row(['K-11', 'Brass flange 40 mm', '3', '12.50', '37.50'], W),
      row(['K-12', 'Copper elbow, 90 degree', '10', '4.25', '42.50'], W),
      row(['K-19', 'Teflon tape', '2', '1.10', '2.20'], W),
      '',
      row(['', 'Sum', '', '', '82.20'], W),
    ].join('\n');
    const result = extractOffline(text, itemsSchema());
    expect((result.data as { items: unknown[] }).items).toEqual([
      { description: 'Brass flange 40 mm', quantity: 3, unit_price: 12.5, amount: 37.5 },
      { description: 'Copper elbow, 90 degree', quantity: 10, unit_price: 4.25, amount: 42.5 },
      { description: 'Teflon tape', quantity: 2, unit_price: 1.1, amount: 2.2 },
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('tells a running balance from the amount and keeps signs', () => {
    const schema: JSONSchema = {
      type: 'object',
      properties: {
        entries: {
          type: 'array',
          items: { type: 'object', properties: { when: { type: 'string', format: 'date' }, text: { type: 'string', description: 'Entry text' }, amount: { type: 'number' } } },
        },
      },
    };
    const W = [14, 30, -12, -14];
    const text = [
      row(['Booked', 'Memo', 'Movement', 'Standing'], W),
      row(['2025-03-01', 'Opening deposit', '500.00', '500.00'], W),
      row(['2025-03-02', 'Bakery', '-12.40', '487.60'], W),
      row(['2025-03-05', 'Refund', '20.00', '507.60'], W),
      row(['2025-03-07', 'Hardware store', '-107.60', '400.00'], W),
    ].join('\n');
    const entries = (extractOffline(text, schema).data as { entries: { amount: number }[] }).entries;
    expect(entries.map((e) => e.amount)).toEqual([500, -12.4, 20, -107.6]);
  });
});

describe('European number formats', () => {
  it.each([
    ['1.234,50', 1234.5],
    ['1 234,50', 1234.5],
    ["1'234.50", 1234.5],
    ['12 345 678', 12345678],
    ['-383,32', -383.32],
  ])('parses %s', (text, value) => expect(parseAmount(text)).toBe(value));

  it('does not glue two numbers separated by a space into one ("2 300" is not 2300)', () => {
    expect(parseAmount('2 300')).toBeUndefined();
  });

  it('reads rows and totals written with decimal commas and reads 04/03/2025 day-first in such a document', () => {
    const W = [30, -6, -12, -14];
    const text = [
      'Datum der Lieferung: n/a',
      'Billing day:  04/03/2025',
      '',
      row(['Ware', 'Stk', 'Preis', 'Betrag'], W),
      row(['Schraube M6', '100', '0,12', '12,00'], W),
      row(['Winkel verzinkt', '4', '1.049,99', '4.199,96'], W),
      '',
      row(['Summe', '', '', '4.211,96'], W),
    ].join('\n');
    expect(dayFirstDocument(text)).toBe(true);
    const schema = itemsSchema({ billing_date: { type: 'string', format: 'date', description: 'Billing day' }, total: { type: 'number', description: 'Total amount' } });
    const data = extractOffline(text, schema).data as { billing_date: string; total: number; items: { amount: number }[] };
    expect(data.billing_date).toBe('2025-03-04');
    expect(data.items.map((i) => i.amount)).toEqual([12, 4199.96]);
    expect(data.total).toBe(4211.96);
  });
});

describe('a table continued over pages', () => {
  it('reads each row once: the repeated header, footers and carried-forward lines are not rows', () => {
    const W = [40, -6, -12, -12];
    const header = row(['Goods', 'Pcs', 'Per pc', 'Line'], W);
    const rows = Array.from({ length: 30 }, (_, i) => row([`Part number ${i + 1}`, String((i % 4) + 1), '2.50', (((i % 4) + 1) * 2.5).toFixed(2)], W));
    const page1 = ['Shipment 77', '', header, ...rows.slice(0, 18), row(['Running total', '', '', '112.50'], W), '', 'Page 1 of 2'];
    const page2 = ['Shipment 77 (continued)', row(['Running total from page 1', '', '', '112.50'], W), '', header, ...rows.slice(18), '', 'Page 2 of 2'];
    const text = [...page1, '\f', ...page2].join('\n');
    const items = (extractOffline(text, itemsSchema()).data as { items: { description: string }[] }).items;
    expect(items).toHaveLength(30);
    expect(new Set(items.map((i) => i.description)).size).toBe(30);
    expect(items.some((i) => /Running|Goods/.test(i.description))).toBe(false);
  });
});

describe('a row a long description pushed sideways', () => {
  it('is read cell by cell, on either page of a continued table, and the totals are not rows', () => {
    const W = [30, -6, -12, -12];
    const line = (i: number) => row([`Fitting kit ${i + 1}`, String((i % 3) + 1), '4.00', (((i % 3) + 1) * 4).toFixed(2)], W);
    // a layout that flows instead of clipping: the numbers move right past their columns
    const long = (qty: number, price: string, amount: string) => `Galvanised corner bracket with fixing plates   ${qty}${' '.repeat(11)}${price}${' '.repeat(10)}${amount}`;
    const header = row(['Goods', 'Pcs', 'Per pc', 'Line'], W);
    const page1 = [header, line(0), long(2, '12.50', '25.00'), line(1), line(2), line(3), '', 'Page 1 of 2'];
    const page2 = [header, line(4), line(5), long(3, '7.00', '21.00'), '', row(['Total', '', '', '94.00'], W)];
    const items = (extractOffline([...page1, '\f', ...page2].join('\n'), itemsSchema()).data as { items: Record<string, unknown>[] }).items;
    expect(items).toHaveLength(8);
    expect(items.filter((i) => /Galvanised/.test(String(i.description)))).toEqual([
      { description: 'Galvanised corner bracket with fixing plates', quantity: 2, unit_price: 12.5, amount: 25 },
      { description: 'Galvanised corner bracket with fixing plates', quantity: 3, unit_price: 7, amount: 21 },
    ]);
  });
});

describe('arithmetic', () => {
  const schema = itemsSchema({ subtotal: { type: 'number', description: 'Total before tax' }, tax: { type: 'number', description: 'Tax amount' }, total: { type: 'number', description: 'Total to pay' } });
  const W = [30, -6, -12, -12];

  it('flags a row whose quantity × price is not its amount and rows that do not add up to the subtotal', () => {
    const text = [
      row(['Item', 'Qty', 'Price', 'Amount'], W),
      row(['Widget', '2', '10.00', '20.00'], W),
      row(['Gadget', '3', '5.00', '16.00'], W),
      '',
      row(['Subtotal', '', '', '40.00'], W),
      row(['Tax', '', '', '4.00'], W),
      row(['Total', '', '', '44.00'], W),
    ].join('\n');
    const result = extractOffline(text, schema);
    expect(result.warnings).toEqual([
      'items: 1 row does not add up (row 2: 3 × 5.00 = 15.00, not 16.00)',
      'the line items add up to 36.00, the subtotal says 40.00',
    ]);
    // what the document prints is kept; nothing is silently corrected
    expect(result.data).toMatchObject({ subtotal: 40, tax: 4, total: 44 });
  });

  it('finds unlabelled totals by what they add up to', () => {
    const text = [
      row(['Item', 'Qty', 'Price', 'Amount'], W),
      row(['Widget', '2', '10.00', '20.00'], W),
      row(['Gadget', '3', '5.00', '15.00'], W),
      '',
      // labels in a language the extractor has no words for (Swedish): the arithmetic alone finds them
      row(['Summa exkl. moms', '', '', '35.00'], W),
      row(['Moms', '', '', '6.65'], W),
      row(['Att betala', '', '', '41.65'], W),
    ].join('\n');
    const result = extractOffline(text, schema);
    expect(result.data).toMatchObject({ subtotal: 35, tax: 6.65, total: 41.65 });
    expect(result.found.filter((f) => f.via === 'arithmetic').map((f) => f.path).sort()).toEqual(['subtotal', 'tax', 'total']);
    expect(result.warnings).toEqual([]);
  });

  it('passes the warnings to the chunk result, where the job stores them', async () => {
    const text = [row(['Item', 'Qty', 'Price', 'Amount'], W), row(['Widget', '2', '10.00', '20.00'], W), row(['Gadget', '3', '5.00', '16.00'], W), '', row(['Subtotal', '', '', '36.00'], W)].join('\n');
    const provider = new OfflineProvider();
    const r = await extractChunk({ chunk: { chunk_type: 'text', content: text }, prompt: { type: 'text', template: '{{ schema_descriptions }}\n{{ text_chunk }}' }, schema, provider });
    expect(r.status).toBe('completed');
    expect(r.warnings).toContain('items: 1 row does not add up (row 2: 3 × 5.00 = 15.00, not 16.00)');
  });
});

describe('bad input', () => {
  const schema: JSONSchema = {
    type: 'object',
    properties: {
      invoice_number: { type: 'string', description: 'The invoice number' },
      invoice_date: { type: 'string', format: 'date', description: 'Date the invoice was issued' },
      iban: { type: 'string', description: 'Bank account IBAN for payment' },
      total: { type: ['number', 'null'], description: 'Total amount due' },
      line_items: itemsSchema().properties!.items!,
    },
  };

  it('a document in a script it cannot read gives empty fields marked not found', () => {
    const text = ['請求書', '請求番号： 第４５号', '発行日： 令和６年３月１日', '合計： ４５，０００円'].join('\n');
    const result = extractOffline(text, schema);
    expect(result.data).toEqual({ total: null });
    expect(result.missing).toEqual(expect.arrayContaining(['invoice_number', 'invoice_date', 'iban', 'total', 'line_items']));
  });

  it('prose with numbers in it gives no values taken from the wrong place', () => {
    const text = 'Dear team, the meeting on 3 March moved to room 204. We expect 12 guests and a budget of about 450 euros. Regards, Kim';
    const result = extractOffline(text, schema);
    expect(result.data).toEqual({ total: null });
  });

  it('fields the document does not have stay empty, the ones it has are read', () => {
    const text = ['Invoice No.: A-77', 'Invoice Date: 2025-02-01', '', 'Total: 120.00'].join('\n');
    const result = extractOffline(text, schema);
    expect(result.data).toEqual({ invoice_number: 'A-77', invoice_date: '2025-02-01', total: 120 });
    expect(result.missing).toEqual(expect.arrayContaining(['iban', 'line_items']));
  });

  it('several identifier-like values and one identifier field: none is guessed', () => {
    const receipt: JSONSchema = { type: 'object', properties: { receipt_number: { type: 'string' }, total: { type: 'number' } } };
    const text = ['Firm nr 555012345', 'Voucher ref 19-220044    Lane 2', 'Total: 12.00'].join('\n');
    expect(extractOffline(text, receipt).data).toEqual({ total: 12 });
  });
});

describe('a period written where one date is wanted', () => {
  it('gives the last day to a field the schema says is the period\'s end, the first day otherwise', () => {
    const schema: JSONSchema = {
      type: 'object',
      properties: {
        report_date: { type: 'string', format: 'date', description: 'Date of the report (end of the period)' },
        from_date: { type: 'string', format: 'date', description: 'First day covered' },
      },
    };
    const text = 'Report date: 01/05/2024 to 31/05/2024';
    expect(extractOffline(text, schema).data).toMatchObject({ report_date: '2024-05-31' });
    const start: JSONSchema = { type: 'object', properties: { report_date: { type: 'string', format: 'date', description: 'Start of the period' } } };
    expect(extractOffline(text, start).data).toEqual({ report_date: '2024-05-01' });
  });
});

describe('a date the text layer joined to the words of a row', () => {
  const log: JSONSchema = {
    type: 'object',
    properties: {
      visits: {
        type: 'array',
        items: { type: 'object', properties: { day: { type: 'string', format: 'date' }, note: { type: 'string', description: 'What was done' }, fee: { type: 'number', description: 'Fee charged' } } },
      },
    },
  };
  const W = [30, -10];
  // the header's columns stand apart; in the rows a single space joins the date and the words
  const header = 'Day        Note                        Fee';

  it('moves a leading date of every row\'s text to the empty date column', () => {
    const text = [header, row(['2025-06-02 Boiler service', '85.00'], W), row(['2025-06-09 Radiator bleed', '40.00'], W)].join('\n');
    expect((extractOffline(text, log).data as { visits: unknown[] }).visits).toEqual([
      { day: '2025-06-02', note: 'Boiler service', fee: 85 },
      { day: '2025-06-09', note: 'Radiator bleed', fee: 40 },
    ]);
  });

  it('leaves texts alone when not every row starts with a date', () => {
    const text = [header, row(['2025-06-02 Boiler service', '85.00'], W), row(['Radiator bleed', '40.00'], W)].join('\n');
    expect((extractOffline(text, log).data as { visits: unknown[] }).visits[0]).toEqual({ note: '2025-06-02 Boiler service', fee: 85 });
  });
});

