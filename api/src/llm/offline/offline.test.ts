// The offline extractor on invoices and receipts generated here with known values.
import { OfflineProvider, extractOffline, sourceFromMessages } from '.';
import type { JSONSchema } from '../types';
import { findDates, parseAmount } from './values';

const invoiceSchema: JSONSchema = {
  type: 'object',
  properties: {
    vendor_name: { type: 'string', description: 'Name of the issuing company' },
    invoice_number: { type: 'string', description: 'The invoice number' },
    invoice_date: { type: 'string', format: 'date' },
    due_date: { type: 'string', format: 'date' },
    customer_name: { type: 'string' },
    customer_email: { type: 'string', format: 'email' },
    po_number: { type: 'string' },
    notes: { type: ['string', 'null'] },
    subtotal: { type: 'number' },
    tax: { type: 'number' },
    total: { type: 'number' },
    currency: { type: 'string' },
    line_items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          description: { type: 'string' },
          quantity: { type: 'number' },
          unit_price: { type: 'number' },
          amount: { type: 'number' },
        },
        required: ['description'],
      },
    },
  },
  required: ['invoice_number', 'total'],
};

interface Item {
  description: string;
  quantity: number;
  unit_price: number;
  amount: number;
}

const ITEMS = ['Steel bolts M8', 'Hex nuts', 'Welding gloves', 'Safety goggles', 'Cable ties 200mm', 'Drill bit set', 'Masking tape', 'Wood screws 4x40', 'Paint brush 50mm', 'Sandpaper P120'];

function items(n: number, seed: number): Item[] {
  return Array.from({ length: n }, (_, i) => {
    const quantity = ((seed * 7 + i * 13) % 19) + 1;
    const unit_price = Math.round((((seed * 31 + i * 17) % 9000) / 100 + 0.5) * 100) / 100;
    return { description: `${ITEMS[(seed + i) % ITEMS.length]} #${i + 1}`, quantity, unit_price, amount: Math.round(quantity * unit_price * 100) / 100 };
  });
}

const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);

function invoiceA(seed: number) {
  const list = items(4 + (seed % 3), seed);
  const subtotal = Math.round(list.reduce((s, i) => s + i.amount, 0) * 100) / 100;
  const tax = Math.round(subtotal * 0.08 * 100) / 100;
  const total = Math.round((subtotal + tax) * 100) / 100;
  const text = [
    'Northwind Traders Ltd',
    '12 Harbour Road, Leeds',
    '',
    'INVOICE',
    `Invoice Number: INV-${1000 + seed}        Date: 2024-03-${String(seed + 1).padStart(2, '0')}`,
    `Due Date: 04/${String(seed + 1).padStart(2, '0')}/2024`,
    'Bill To:',
    'Jane Doe',
    'jane.doe@example.com',
    '',
    `${pad('Description', 26)}${lpad('Qty', 6)}${lpad('Unit Price', 14)}${lpad('Amount', 14)}`,
    '-'.repeat(60),
    ...list.map((i) => `${pad(i.description, 26)}${lpad(String(i.quantity), 6)}${lpad(money(i.unit_price), 14)}${lpad(money(i.amount), 14)}`),
    '-'.repeat(60),
    `${pad('Subtotal', 46)}${lpad(money(subtotal), 14)}`,
    `${pad('Tax (8%)', 46)}${lpad(money(tax), 14)}`,
    `${pad('Total Due', 42)}${lpad(`USD ${money(total)}`, 18)}`,
  ].join('\n');
  return {
    text,
    expected: {
      vendor_name: 'Northwind Traders Ltd',
      invoice_number: `INV-${1000 + seed}`,
      invoice_date: `2024-03-${String(seed + 1).padStart(2, '0')}`,
      due_date: `2024-04-${String(seed + 1).padStart(2, '0')}`,
      customer_name: 'Jane Doe',
      customer_email: 'jane.doe@example.com',
      notes: null,
      subtotal,
      tax,
      total,
      currency: 'USD',
      line_items: list,
    },
  };
}

/** other wording: "Inv #", "Issue Date" with a month name, pipe table with Item/Qty/Rate/Line Total, € amounts */
function invoiceB(seed: number) {
  const list = items(3, seed);
  const subtotal = Math.round(list.reduce((s, i) => s + i.amount, 0) * 100) / 100;
  const total = subtotal;
  const eu = (n: number) => n.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const text = [
    'TAX INVOICE',
    'Seller: Contoso GmbH',
    `Inv #: C-${seed}-77`,
    `Issue Date: March ${seed + 3}, 2024`,
    'Customer: Max Mustermann',
    'PO Number  PO-5531',
    '',
    '| Item | Qty | Rate | Line Total |',
    '|------|-----|------|------------|',
    ...list.map((i) => `| ${i.description} | ${i.quantity} | € ${eu(i.unit_price)} | € ${eu(i.amount)} |`),
    '',
    `Net Total: € ${eu(subtotal)}`,
    `Amount Due: € ${eu(total)}`,
  ].join('\n');
  return {
    text,
    expected: {
      vendor_name: 'Contoso GmbH',
      invoice_number: `C-${seed}-77`,
      invoice_date: `2024-03-${String(seed + 3).padStart(2, '0')}`,
      customer_name: 'Max Mustermann',
      po_number: 'PO-5531',
      notes: null,
      subtotal,
      total,
      currency: 'EUR',
      line_items: list,
    },
  };
}

const receiptSchema: JSONSchema = {
  type: 'object',
  properties: {
    merchant_name: { type: 'string' },
    receipt_number: { type: 'string' },
    date: { type: 'string', format: 'date' },
    items: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, quantity: { type: 'integer' }, unit_price: { type: 'number' }, total: { type: 'number' } } },
    },
    subtotal: { type: 'number' },
    tax: { type: 'number' },
    total: { type: 'number' },
    payment_method: { type: 'string', enum: ['cash', 'card'] },
  },
  required: ['total'],
};

function receipt(seed: number) {
  const text = [
    'CORNER CAFE',
    '88 Market St, Springfield',
    `Receipt #: ${40000 + seed}`,
    `0${(seed % 9) + 1}/1${seed % 9}/2024 08:${10 + seed}`,
    '',
    '2 x Latte                9.00',
    'Blueberry Muffin         3.25',
    'Orange Juice 3 @ 2.50    7.50',
    '',
    'SUBTOTAL                19.75',
    'TAX                      1.58',
    'TOTAL                  $21.33',
    'Paid by: CARD',
    'Thank you!',
  ].join('\n');
  return {
    text,
    expected: {
      merchant_name: 'CORNER CAFE',
      receipt_number: String(40000 + seed),
      date: `2024-0${(seed % 9) + 1}-1${seed % 9}`,
      items: [
        { name: 'Latte', quantity: 2, total: 9 },
        { name: 'Blueberry Muffin', total: 3.25 },
        { name: 'Orange Juice', quantity: 3, unit_price: 2.5, total: 7.5 },
      ],
      subtotal: 19.75,
      tax: 1.58,
      total: 21.33,
      payment_method: 'card',
    },
  };
}

describe('offline extractor: generated documents with known values', () => {
  test.each([0, 1, 2, 5, 8])('invoice layout A (colon labels, aligned table), seed %i', (seed) => {
    const { text, expected } = invoiceA(seed);
    const result = extractOffline(text, invoiceSchema);
    expect(result.data).toEqual(expected);
    expect(result.missing).toEqual(['po_number', 'notes']);
    expect(result.rows).toEqual({ line_items: expected.line_items.length });
  });

  test.each([1, 4, 6])('invoice layout B (synonym labels, pipe table, € amounts), seed %i', (seed) => {
    const { text, expected } = invoiceB(seed);
    expect(extractOffline(text, invoiceSchema).data).toEqual(expected);
  });

  test.each([0, 3, 7])('receipt without a table header, seed %i', (seed) => {
    const { text, expected } = receipt(seed);
    expect(extractOffline(text, receiptSchema).data).toEqual(expected);
  });

  test('honest: fields absent from the text are omitted (null only where the schema allows null); nothing is invented', () => {
    const result = extractOffline('Some unrelated memo\nPlease call me tomorrow.\n', invoiceSchema);
    expect(result.data).toEqual({ notes: null });
    expect(result.found).toEqual([]);
    // the same schema on an empty text
    expect(extractOffline('', invoiceSchema).data).toEqual({ notes: null });
  });

  test('labels are matched as whole phrases: "Total Tax" is not the total, "Subtotal" is not the total', () => {
    const data = extractOffline('Subtotal: 90.00\nTotal Tax: 10.00\n', invoiceSchema).data as Record<string, unknown>;
    expect(data).toEqual({ subtotal: 90, tax: 10, notes: null });
  });

  test('nested objects and root arrays', () => {
    const nested: JSONSchema = {
      type: 'object',
      properties: {
        vendor: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } } },
        customer: { type: 'object', properties: { name: { type: 'string' } } },
      },
    };
    const text = 'Vendor Name: Acme Corp\nVendor Email: billing@acme.test\nCustomer Name: Bob Smith';
    expect(extractOffline(text, nested).data).toEqual({ vendor: { name: 'Acme Corp', email: 'billing@acme.test' }, customer: { name: 'Bob Smith' } });
    const rows: JSONSchema = { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer' } } } };
    expect(extractOffline('SKU    Qty\nA-1    3\nB-2    10', rows).data).toEqual([
      { sku: 'A-1', qty: 3 },
      { sku: 'B-2', qty: 10 },
    ]);
  });

  test('table batches: rows given by the chunk structure are mapped by header, 60 of 60', () => {
    const list = items(60, 3);
    const header = `${pad('Description', 26)}${lpad('Quantity', 9)}${lpad('Price', 12)}${lpad('Line Total', 12)}`;
    const rows = list.map((i) => `${pad(i.description, 26)}${lpad(String(i.quantity), 9)}${lpad(money(i.unit_price), 12)}${lpad(money(i.amount), 12)}`);
    const result = extractOffline({ text: [header, ...rows].join('\n'), table: { description: [], header: [header], rows } }, invoiceSchema);
    expect((result.data as { line_items: Item[] }).line_items).toEqual(list);
    expect(result.rows.line_items).toBe(60);
  });

  test('single-spaced OCR rows fall back to type-based columns (trailing numbers)', () => {
    const rows = ['Steel bolts M8 100 0.25 25.00', 'Hex nuts 50 0.10 5.00'];
    const result = extractOffline({ text: '', table: { description: [], header: ['Description  Qty  Unit Price  Amount'], rows } }, invoiceSchema);
    expect((result.data as { line_items: unknown }).line_items).toEqual([
      { description: 'Steel bolts M8', quantity: 100, unit_price: 0.25, amount: 25 },
      { description: 'Hex nuts', quantity: 50, unit_price: 0.1, amount: 5 },
    ]);
  });
});

describe('offline extractor: layouts found by the bench', () => {
  test('OCR markdown: bold labels and a heading vendor', () => {
    const text = '# Litware Consulting\n\n## Invoice\n**Invoice #:** INV-8063\n**Billed To:** Sofia Rossi\n**Grand Total:** 1,200.50';
    expect(extractOffline(text, invoiceSchema).data).toEqual({ vendor_name: 'Litware Consulting', invoice_number: 'INV-8063', customer_name: 'Sofia Rossi', total: 1200.5, notes: null });
  });

  test('a row of labels with the values on the row below; a damaged label never becomes a value', () => {
    const text = ['Invoice Number        Invoice Date          Due Date', 'INV-94498             November 24, 2024     December 24, 2024'].join('\n');
    expect(extractOffline(text, invoiceSchema).data).toEqual({ invoice_number: 'INV-94498', invoice_date: '2024-11-24', due_date: '2024-12-24', notes: null });
    const damaged = ['Invoice Number        Invoicc Date          Due Date', '13645                 2024-10-11            2024-11-11'].join('\n');
    expect(extractOffline(damaged, invoiceSchema).data).toEqual({ invoice_number: '13645', due_date: '2024-11-11', notes: null });
  });

  test('a scan: single-spaced header and rows, totals after the table', () => {
    const text = ['Description Qty Price Total', 'Ergonomic office chair 10 115.49 1,154.90', 'Shipping and handling 4 51.86 207.44', 'Subtotal 1,362.34', 'Total 1,362.34'].join('\n');
    expect(extractOffline(text, invoiceSchema).data).toEqual({
      subtotal: 1362.34,
      total: 1362.34,
      notes: null,
      line_items: [
        { description: 'Ergonomic office chair', quantity: 10, unit_price: 115.49, amount: 1154.9 },
        { description: 'Shipping and handling', quantity: 4, unit_price: 51.86, amount: 207.44 },
      ],
    });
  });

  test('wrapped descriptions (even ending in "300ml") continue their row; a blank line before a damaged totals label ends the table', () => {
    const text = [
      `${pad('Item', 30)}${lpad('Quantity', 10)}${lpad('Rate', 10)}${lpad('Total', 12)}`,
      `${pad('Shipping and handling', 30)}${lpad('1', 10)}${lpad('5.00', 10)}${lpad('5.00', 12)}`,
      `${pad('Industrial grade adhesive', 30)}${lpad('8', 10)}${lpad('1,585.59', 10)}${lpad('12,684.72', 12)}`,
      '  sealant, transparent, 300ml',
      `${pad('Hex nuts', 30)}${lpad('2', 10)}${lpad('1.50', 10)}${lpad('3.00', 12)}`,
      '',
      `${pad('Subfotal', 50)}${lpad('12,692.72', 12)}`,
    ].join('\n');
    expect((extractOffline(text, invoiceSchema).data as { line_items: unknown[] }).line_items).toEqual([
      { description: 'Shipping and handling', quantity: 1, unit_price: 5, amount: 5 },
      { description: 'Industrial grade adhesive sealant, transparent, 300ml', quantity: 8, unit_price: 1585.59, amount: 12684.72 },
      { description: 'Hex nuts', quantity: 2, unit_price: 1.5, amount: 3 },
    ]);
  });
});

describe('offline provider', () => {
  test('labelled offline, deterministic, reads the source document', async () => {
    const provider = new OfflineProvider();
    const { text, expected } = invoiceA(2);
    const request = { messages: [{ role: 'user' as const, content: `Extract:\n${text}` }], responseSchema: invoiceSchema, source: { text } };
    const a = await provider.generate(request);
    const b = await provider.generate(request);
    expect(a).toMatchObject({ provider: 'offline', model: 'offline-extractor-v1', offline: true, attempts: 1 });
    expect(a.json).toEqual(expected);
    expect(JSON.parse(a.content)).toEqual(expected);
    expect(b.content).toBe(a.content);
  });

  test('without source: the last user message minus schema-description lines; prompt lines are not values', async () => {
    const prompt = [
      'Extract the fields below from the invoice.',
      '- invoice_number (string, required): The invoice number',
      '- total (number, required): Total: the amount due',
      'Invoice:',
      'Invoice Number: X-1',
      'Total: 5.00',
    ].join('\n');
    const src = sourceFromMessages({ messages: [{ role: 'user', content: 'old example' }, { role: 'assistant', content: '{}' }, { role: 'user', content: prompt }] });
    expect(src.text).not.toContain('(string, required)');
    const r = await new OfflineProvider().generate({ messages: [{ role: 'user', content: prompt }], responseSchema: invoiceSchema });
    expect(r.json).toEqual({ invoice_number: 'X-1', total: 5, notes: null });
  });

  test('without a schema: the key-value pairs of the text', async () => {
    const r = await new OfflineProvider().generate({ messages: [{ role: 'user', content: 'Name: Ann\nCity:  Oslo\nno pair here' }] });
    expect(JSON.parse(r.content)).toEqual({ Name: 'Ann', City: 'Oslo' });
    expect(r.json).toBeUndefined();
  });
});

describe('value parsers', () => {
  test.each([
    ['$1,234.56', 1234.56],
    ['1.234,56 EUR', 1234.56],
    ['(12.00)', -12],
    ['USD 20', 20],
    ['2 pcs', 2],
    ['€ 7,50', 7.5],
    ['INV-001', undefined],
    ['12 of 20', undefined],
    ['call 555 1234', undefined],
  ])('parseAmount(%s) = %s', (input, expected) => expect(parseAmount(input)).toBe(expected));

  test.each([
    ['2024-03-01', '2024-03-01'],
    ['03/01/2024', '2024-03-01'],
    ['25/12/2024', '2024-12-25'],
    ['01.03.2024', '2024-03-01'],
    ['March 1, 2024', '2024-03-01'],
    ['1st Mar 2024', '2024-03-01'],
    ['05-Jan-24', '2024-01-05'],
    ['31/04/2024', undefined],
    ['Order 12345', undefined],
  ])('findDates(%s) = %s', (input, expected) => expect(findDates(input)[0]?.iso).toBe(expected));
});
