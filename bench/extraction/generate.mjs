// Seeded generator of invoices and receipts as OCR-like text lines, with ground truth.
// Nothing is stored: the same seed always produces the same 50 documents.
//
// Variety on purpose (so the bench measures the extractor, not the generator's habits):
//  invoices: 5 layouts - classic colon labels + aligned table; two pairs per line + "Bill To:" block +
//            VAT; Markdown pipe table (OCR markdown); a scan whose table alignment was lost (single
//            spaces, no colons); labels in a row with the values on the row below. Wrapped
//            descriptions, optional due date / PO / tax, dates in six formats, $ / USD / EUR / €
//            amounts, a few long tables (30-60 rows), and OCR character noise in some labels.
//  receipts: 3 layouts - headerless "2 x Latte  9.00" lines; an aligned table with a header;
//            "Bagel 2 @ 2.25  4.50" lines. Card / cash payment lines, labelled or not.
// Ground truth holds what the document shows: a value not printed is null (a receipt line
// without a quantity has quantity null; "$" alone does not make the currency USD unless the
// document prints "USD" - except that the truth keeps USD for "$" documents, as a human reader
// would, so a reader that refuses to guess loses recall there).

export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VENDORS = ['Northwind Traders Ltd', 'Contoso Supplies', 'Fabrikam Industrial', 'Globex Components', 'Initech Services LLC', 'Umbrella Office Goods', 'Tailspin Hardware', 'Wingtip Tools Inc', 'Adventure Works Ltd', 'Litware Consulting'];
const CUSTOMERS = ['Jane Doe', 'Max Mustermann', 'Aiko Tanaka', 'Carlos Ruiz', 'Priya Sharma', 'Olivia Brown', 'Liam Murphy', 'Sofia Rossi', 'Noah Wilson', 'Emma Dubois'];
const PRODUCTS = ['Steel bolts M8', 'Hex nuts M8', 'Welding gloves', 'Safety goggles', 'Cable ties 200mm', 'Drill bit set HSS', 'Masking tape 48mm', 'Wood screws 4x40', 'Paint brush 50mm', 'Sandpaper P120', 'LED work light', 'Extension cord 10m', 'Consulting hours', 'On-site support', 'Annual licence renewal', 'Shipping and handling', 'Ergonomic office chair', 'Laser printer toner', 'A4 copy paper box', 'USB-C docking station'];
const LONG = ['Heavy duty stainless steel hinge set with mounting screws', 'Professional cordless drill kit including two batteries', 'Industrial grade adhesive sealant, transparent, 300ml'];
const MERCHANTS = ['CORNER CAFE', 'GREEN LEAF GROCERY', 'CITY BAKERY', 'QUICK STOP MARKET', 'THE BOOK NOOK', 'SUNRISE DINER'];
const MENU = ['Latte', 'Cappuccino', 'Espresso', 'Blueberry Muffin', 'Bagel', 'Orange Juice', 'Croissant', 'Club Sandwich', 'Green Tea', 'Bottled Water', 'Apples 1kg', 'Whole Milk 1L', 'Sourdough Loaf', 'Paperback Novel', 'Greeting Card'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const round2 = (n) => Math.round(n * 100) / 100;
const pad2 = (n) => String(n).padStart(2, '0');

function makeRng(seed) {
  const r = mulberry32(seed);
  const int = (a, b) => a + Math.floor(r() * (b - a + 1));
  const pick = (list) => list[Math.floor(r() * list.length)];
  const chance = (p) => r() < p;
  return { r, int, pick, chance };
}

function fmtDate(iso, style) {
  const [y, m, d] = iso.split('-').map(Number);
  switch (style) {
    case 0: return iso;
    case 1: return `${pad2(m)}/${pad2(d)}/${y}`;
    case 2: return `${pad2(d)}.${pad2(m)}.${y}`;
    case 3: return `${MONTHS[m - 1]} ${d}, ${y}`;
    case 4: return `${d} ${MONTHS[m - 1].slice(0, 3)} ${y}`;
    default: return `${pad2(d)}-${MONTHS[m - 1].slice(0, 3)}-${y}`;
  }
}

function money(n, style) {
  const us = n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const eu = n.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  switch (style) {
    case 'usd-sign': return `$${us}`;
    case 'usd-code': return `USD ${us}`;
    case 'eur-sign': return `€ ${eu}`;
    case 'eur-code': return `${eu} EUR`;
    default: return us;
  }
}

/** OCR noise: one confusable character swapped in a label */
function noisy(rng, label, rate) {
  if (!rng.chance(rate)) return label;
  const swaps = { o: '0', O: '0', l: '1', i: 'l', e: 'c', a: 'o', t: 'f', n: 'm' };
  const positions = [...label].map((c, i) => (swaps[c] ? i : -1)).filter((i) => i >= 0);
  if (!positions.length) return label;
  const p = rng.pick(positions);
  return label.slice(0, p) + swaps[label[p]] + label.slice(p + 1);
}

export const INVOICE_SCHEMA = {
  type: 'object',
  properties: {
    vendor_name: { type: 'string', description: 'Name of the company that issued the invoice' },
    invoice_number: { type: 'string', description: 'The invoice number' },
    invoice_date: { type: 'string', format: 'date', description: 'Date the invoice was issued' },
    due_date: { type: 'string', format: 'date', description: 'Payment due date' },
    customer_name: { type: 'string', description: 'Who the invoice is billed to' },
    po_number: { type: 'string', description: 'Purchase order number' },
    subtotal: { type: 'number' },
    tax: { type: 'number', description: 'Tax or VAT amount' },
    total: { type: 'number', description: 'Total amount due' },
    currency: { type: 'string', description: 'ISO 4217 currency code' },
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
      },
    },
  },
};

export const RECEIPT_SCHEMA = {
  type: 'object',
  properties: {
    merchant_name: { type: 'string', description: 'Store or merchant name' },
    receipt_number: { type: 'string' },
    date: { type: 'string', format: 'date' },
    subtotal: { type: 'number' },
    tax: { type: 'number' },
    total: { type: 'number' },
    payment_method: { type: 'string', enum: ['cash', 'card'] },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, quantity: { type: 'integer' }, unit_price: { type: 'number' }, total: { type: 'number' } },
      },
    },
  },
};

// ------------------------------------------------------------------ invoices

function invoiceItems(rng, n, eur) {
  return Array.from({ length: n }, () => {
    const long = rng.chance(0.08);
    const description = long ? rng.pick(LONG) : rng.pick(PRODUCTS);
    const quantity = rng.chance(0.15) ? rng.int(10, 250) : rng.int(1, 12);
    const unit_price = round2(rng.chance(0.2) ? rng.int(100, 2500) + rng.int(0, 99) / 100 : rng.int(1, 120) + rng.int(0, 99) / 100);
    return { description, quantity, unit_price, amount: round2(quantity * unit_price), eur };
  });
}

function invoice(rng, index) {
  const layout = index % 5;
  const eur = rng.chance(0.3);
  const styleMoney = eur ? rng.pick(['eur-sign', 'eur-code', 'plain']) : rng.pick(['usd-sign', 'usd-code', 'plain']);
  const currencyShown = styleMoney.endsWith('code') ? (eur ? 'EUR' : 'USD') : styleMoney === 'eur-sign' ? 'EUR' : null;
  const noise = 0.06;
  const nItems = rng.chance(0.1) ? rng.int(30, 60) : rng.int(2, 9);
  const items = invoiceItems(rng, nItems, eur);
  const subtotal = round2(items.reduce((s, i) => s + i.amount, 0));
  const hasTax = rng.chance(0.8);
  const rate = rng.pick([5, 7, 8, 10, 20]);
  const tax = hasTax ? round2((subtotal * rate) / 100) : null;
  const total = round2(subtotal + (tax ?? 0));
  const y = 2024;
  const m = rng.int(1, 12);
  const d = rng.int(1, 28);
  const date = `${y}-${pad2(m)}-${pad2(d)}`;
  const hasDue = rng.chance(0.7);
  const due = hasDue ? `${m === 12 ? y + 1 : y}-${pad2(m === 12 ? 1 : m + 1)}-${pad2(d)}` : null;
  const dateStyle = rng.int(0, 5);
  const number = rng.pick(['INV-', 'INV', 'F', '#', '']) + (rng.chance(0.5) ? `${y}-` : '') + String(rng.int(10, 99999)).padStart(4, '0');
  const invoiceNumber = number.replace(/^#/, '');
  const hasPo = rng.chance(0.4);
  const po = hasPo ? `PO-${rng.int(1000, 9999)}` : null;
  const vendor = rng.pick(VENDORS);
  const customer = rng.pick(CUSTOMERS);
  const fmt = (n) => money(n, layout === 3 ? 'plain' : styleMoney);
  const L = (label) => noisy(rng, label, noise);
  const lines = [];
  const table = { description: [], header: [], rows: [] };
  const startTable = () => lines.length + 1;

  const pushTable = (headerCells, widths, rowCells, sep = 'aligned', descriptionLine) => {
    if (descriptionLine) {
      table.description.push(lines.length + 1);
      lines.push(descriptionLine);
    }
    const cellLine = (cells) =>
      sep === 'pipe' ? `| ${cells.join(' | ')} |` : sep === 'single' ? cells.join(' ') : cells.map((c, i) => (i === 0 ? c.padEnd(widths[0]) : c.padStart(widths[i]))).join('');
    table.header.push(lines.length + 1);
    lines.push(cellLine(headerCells));
    if (sep === 'pipe') lines.push(`|${headerCells.map(() => '---').join('|')}|`);
    else if (sep === 'aligned' && rng.chance(0.5)) lines.push('-'.repeat(widths.reduce((a, b) => a + b, 0)));
    for (const item of items) {
      const cells = rowCells(item);
      const wrap = sep === 'aligned' && item.description.length > 34;
      if (wrap) {
        const cut = item.description.lastIndexOf(' ', 30);
        const first = [item.description.slice(0, cut), ...cells.slice(1)];
        const start = lines.length + 1;
        lines.push(cellLine(first));
        lines.push(`  ${item.description.slice(cut + 1)}`);
        table.rows.push({ start, end: start + 1 });
      } else {
        table.rows.push({ start: lines.length + 1, end: lines.length + 1 });
        lines.push(cellLine(cells));
      }
    }
  };
  void startTable;

  const totals = (labels, width = 60) => {
    const row = (label, value) => `${label.padEnd(width - 18)}${value.padStart(18)}`;
    lines.push(row(L(labels.subtotal), fmt(subtotal)));
    if (tax !== null) lines.push(row(`${L(labels.tax)} (${rate}%)`, fmt(tax)));
    lines.push(row(L(labels.total), fmt(total)));
  };

  if (layout === 0) {
    lines.push(vendor, `${rng.int(1, 200)} Harbour Road, Leeds`, '', 'INVOICE', '');
    lines.push(`${L('Invoice Number')}: ${number}`);
    lines.push(`${L('Invoice Date')}: ${fmtDate(date, dateStyle)}`);
    if (due) lines.push(`${L('Due Date')}: ${fmtDate(due, dateStyle)}`);
    if (po) lines.push(`${L('PO Number')}: ${po}`);
    lines.push('', `${L('Bill To')}:`, customer, `${rng.int(1, 99)} Main Street`, '');
    pushTable(['Description', 'Qty', 'Unit Price', 'Amount'], [36, 6, 14, 14], (i) => [i.description, String(i.quantity), fmt(i.unit_price), fmt(i.amount)]);
    lines.push('');
    totals({ subtotal: 'Subtotal', tax: 'Tax', total: 'Total Due' }, 70);
  } else if (layout === 1) {
    lines.push(`${L('From')}: ${vendor}`, '');
    lines.push(`${L('Invoice No')}: ${number}          ${L('Date')}: ${fmtDate(date, dateStyle)}`);
    lines.push(`${due ? `${L('Payment Due')}: ${fmtDate(due, dateStyle)}` : ''}${po ? `${due ? '          ' : ''}${L('Order Number')}: ${po}` : ''}`);
    lines.push(`${L('Customer')}: ${customer}`, '');
    pushTable(['Item', 'Quantity', 'Rate', 'Total'], [38, 10, 12, 12], (i) => [i.description, String(i.quantity), fmt(i.unit_price), fmt(i.amount)], 'aligned', 'Items and services');
    lines.push('');
    totals({ subtotal: 'Net Amount', tax: 'VAT', total: 'Amount Due' }, 72);
  } else if (layout === 2) {
    lines.push(`# ${vendor}`, '', '## Invoice', '');
    lines.push(`**${L('Invoice #')}:** ${number}`);
    lines.push(`**${L('Issue Date')}:** ${fmtDate(date, dateStyle)}`);
    if (due) lines.push(`**${L('Due')}:** ${fmtDate(due, dateStyle)}`);
    lines.push(`**${L('Billed To')}:** ${customer}`);
    if (po) lines.push(`**${L('Purchase Order')}:** ${po}`);
    lines.push('');
    pushTable(['Description', 'Qty', 'Price', 'Line Total'], [], (i) => [i.description, String(i.quantity), fmt(i.unit_price), fmt(i.amount)], 'pipe');
    lines.push('');
    lines.push(`**${L('Subtotal')}:** ${fmt(subtotal)}`);
    if (tax !== null) lines.push(`**${L('Sales Tax')}:** ${fmt(tax)}`);
    lines.push(`**${L('Grand Total')}:** ${fmt(total)}`);
  } else if (layout === 3) {
    // a scan: alignment lost, labels without colons, plain numbers
    lines.push(vendor.toUpperCase(), 'INVOICE');
    lines.push(`${L('Invoice Number')} ${number}`);
    lines.push(`${L('Date')} ${fmtDate(date, dateStyle)}`);
    if (due) lines.push(`${L('Due Date')} ${fmtDate(due, dateStyle)}`);
    lines.push(`${L('Bill To')} ${customer}`);
    if (po) lines.push(`${L('PO')} ${po}`);
    pushTable(['Description', 'Qty', 'Price', 'Total'], [], (i) => [i.description, String(i.quantity), fmt(i.unit_price), fmt(i.amount)], 'single');
    lines.push(`${L('Subtotal')} ${fmt(subtotal)}`);
    if (tax !== null) lines.push(`${L('Tax')} ${fmt(tax)}`);
    lines.push(`${L('Total')} ${fmt(total)}`);
  } else {
    // labels in a row, values on the row below
    lines.push(vendor, 'INVOICE', '');
    const heads = ['Invoice Number', 'Invoice Date', ...(due ? ['Due Date'] : [])];
    const vals = [number, fmtDate(date, dateStyle), ...(due ? [fmtDate(due, dateStyle)] : [])];
    lines.push(heads.map((h) => L(h).padEnd(22)).join('').trimEnd());
    lines.push(vals.map((v) => v.padEnd(22)).join('').trimEnd());
    lines.push('', `${L('Bill To')}:`, customer, '');
    pushTable(['Description', 'Qty', 'Unit Price', 'Amount'], [36, 6, 14, 14], (i) => [i.description, String(i.quantity), fmt(i.unit_price), fmt(i.amount)]);
    lines.push('');
    totals({ subtotal: 'Subtotal', tax: 'Tax', total: 'Total' }, 70);
    if (po) lines.push('', `${L('Reference')}: ${po}`);
  }

  const truth = {
    vendor_name: vendor,
    invoice_number: invoiceNumber,
    invoice_date: date,
    due_date: due,
    customer_name: customer,
    // layout 4 prints the PO as "Reference", which a reader may not call a PO number: still the truth
    po_number: po,
    subtotal,
    tax,
    total,
    // what a reader can tell: a code or € prints the currency, "$" is read as USD, plain numbers say nothing
    currency: currencyShown ?? (styleMoney === 'usd-sign' && layout !== 3 ? 'USD' : null),
    line_items: items.map(({ description, quantity, unit_price, amount }) => ({ description, quantity, unit_price, amount })),
  };
  return { id: `invoice-${String(index + 1).padStart(2, '0')}`, kind: 'invoice', layout: ['classic', 'two-column', 'markdown', 'scan', 'values-below'][layout], lines, truth, table, currencyShown };
}

// ------------------------------------------------------------------ receipts

function receipt(rng, index) {
  const layout = index % 3;
  const merchant = rng.pick(MERCHANTS);
  const n = rng.int(2, 7);
  const items = Array.from({ length: n }, () => {
    const name = rng.pick(MENU);
    const qty = rng.chance(0.4) ? rng.int(2, 4) : 1;
    const unit = round2(rng.int(1, 15) + rng.pick([0, 0.25, 0.5, 0.75, 0.99, 0.49]));
    return { name, qty, unit, total: round2(qty * unit) };
  });
  const subtotal = round2(items.reduce((s, i) => s + i.total, 0));
  const tax = round2(subtotal * 0.08);
  const total = round2(subtotal + tax);
  const m = rng.int(1, 12);
  const d = rng.int(1, 28);
  const date = `2024-${pad2(m)}-${pad2(d)}`;
  const number = String(rng.int(1000, 99999));
  const card = rng.chance(0.6);
  const amt = (x) => x.toFixed(2);
  const lines = [merchant, `${rng.int(1, 300)} Market St, Springfield`, `Tel 555-${rng.int(1000, 9999)}`];
  const table = { description: [], header: [], rows: [] };
  const when = rng.pick([`${pad2(m)}/${pad2(d)}/2024 ${pad2(rng.int(7, 21))}:${pad2(rng.int(0, 59))}`, `Date: ${fmtDate(date, rng.pick([0, 1, 3]))}`]);
  const numberLine = rng.pick([`Receipt #: ${number}`, `Trans: ${number}`, `Receipt No ${number}`]);
  lines.push(when, numberLine, '');
  const truthItems = [];
  if (layout === 0) {
    for (const i of items) {
      table.rows.push({ start: lines.length + 1, end: lines.length + 1 });
      lines.push(i.qty > 1 ? `${i.qty} x ${i.name}`.padEnd(26) + amt(i.total).padStart(8) : i.name.padEnd(26) + amt(i.total).padStart(8));
      truthItems.push({ name: i.name, quantity: i.qty > 1 ? i.qty : null, unit_price: null, total: i.total });
    }
  } else if (layout === 1) {
    table.header.push(lines.length + 1);
    lines.push(`${'Item'.padEnd(20)}${'Qty'.padStart(5)}${'Price'.padStart(9)}${'Total'.padStart(9)}`);
    for (const i of items) {
      table.rows.push({ start: lines.length + 1, end: lines.length + 1 });
      lines.push(`${i.name.padEnd(20)}${String(i.qty).padStart(5)}${amt(i.unit).padStart(9)}${amt(i.total).padStart(9)}`);
      truthItems.push({ name: i.name, quantity: i.qty, unit_price: i.unit, total: i.total });
    }
  } else {
    for (const i of items) {
      table.rows.push({ start: lines.length + 1, end: lines.length + 1 });
      if (i.qty > 1) {
        lines.push(`${i.name} ${i.qty} @ ${amt(i.unit)}`.padEnd(28) + amt(i.total).padStart(8));
        truthItems.push({ name: i.name, quantity: i.qty, unit_price: i.unit, total: i.total });
      } else {
        lines.push(i.name.padEnd(28) + amt(i.total).padStart(8));
        truthItems.push({ name: i.name, quantity: null, unit_price: null, total: i.total });
      }
    }
  }
  lines.push('-'.repeat(34));
  lines.push(`${'SUBTOTAL'.padEnd(26)}${amt(subtotal).padStart(8)}`);
  lines.push(`${'TAX'.padEnd(26)}${amt(tax).padStart(8)}`);
  lines.push(`${'TOTAL'.padEnd(24)}${`$${amt(total)}`.padStart(10)}`);
  const payLine = rng.pick(card ? [`VISA **** ${rng.int(1000, 9999)}`.padEnd(26) + amt(total).padStart(8), 'Paid by: Card', 'Payment: CARD'] : ['CASH'.padEnd(26) + amt(total + 5).padStart(8), 'Paid by: Cash', 'Payment: CASH']);
  lines.push(payLine, '', 'Thank you for your visit!');
  const truth = { merchant_name: merchant, receipt_number: number, date, subtotal, tax, total, payment_method: card ? 'card' : 'cash', items: truthItems };
  return { id: `receipt-${String(index + 1).padStart(2, '0')}`, kind: 'receipt', layout: ['item-lines', 'table', 'at-price'][layout], lines, truth, table };
}

/** 50 documents: 25 invoices and 25 receipts, deterministic for a seed. */
export function generateDocuments({ seed = 20240301, invoices = 25, receipts = 25 } = {}) {
  const rng = makeRng(seed);
  const docs = [];
  for (let i = 0; i < invoices; i++) docs.push(invoice(rng, i));
  for (let i = 0; i < receipts; i++) docs.push(receipt(rng, i));
  return docs;
}
