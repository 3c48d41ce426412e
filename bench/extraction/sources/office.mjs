// Source "office": invoices and purchase orders from small businesses (US / UK / AU style),
// monospace layouts. Two vocabularies: the development half's labels, column names and
// layouts, and a held-out half whose labels, column names, column orders, field positions,
// date and number formats the development half never uses.
import { CURRENCIES, addDays, cols, fmtDate, fmtMoney, fmtQty, paginate, randomDate, round2, side, visibleCurrency, wrap } from '../common.mjs';

export const INVOICE_SCHEMA = {
  type: 'object',
  properties: {
    vendor_name: { type: 'string', description: 'Name of the company that issued the invoice (the seller)' },
    invoice_number: { type: 'string', description: 'The invoice number or reference that identifies this invoice' },
    invoice_date: { type: 'string', format: 'date', description: 'Date the invoice was issued' },
    due_date: { type: 'string', format: 'date', description: 'Date by which the invoice must be paid' },
    customer_name: { type: 'string', description: 'Name of the customer the invoice is billed to' },
    po_number: { type: 'string', description: "The buyer's purchase order number" },
    subtotal: { type: 'number', description: 'Total before tax' },
    tax: { type: 'number', description: 'Tax or VAT amount' },
    total: { type: 'number', description: 'Total amount to pay, tax included' },
    currency: { type: 'string', description: 'ISO 4217 currency code' },
    line_items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          description: { type: 'string', description: 'Item or service description' },
          quantity: { type: 'number', description: 'Number of units' },
          unit_price: { type: 'number', description: 'Price of one unit' },
          amount: { type: 'number', description: 'Line total (quantity times unit price)' },
        },
      },
    },
  },
};

export const PO_SCHEMA = {
  type: 'object',
  properties: {
    po_number: { type: 'string', description: 'Purchase order number' },
    order_date: { type: 'string', format: 'date', description: 'Date the order was placed' },
    supplier_name: { type: 'string', description: 'Company the goods are ordered from' },
    buyer_name: { type: 'string', description: 'Company that placed the order' },
    delivery_date: { type: 'string', format: 'date', description: 'Requested delivery date' },
    total: { type: 'number', description: 'Total value of the order' },
    currency: { type: 'string', description: 'ISO 4217 currency code' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          description: { type: 'string', description: 'What is ordered' },
          quantity: { type: 'number', description: 'Number of units ordered' },
          unit_price: { type: 'number', description: 'Price per unit' },
          amount: { type: 'number', description: 'Line total' },
        },
      },
    },
  },
};

const VENDORS_DEV = ['Northwind Traders Ltd', 'Contoso Supplies', 'Fabrikam Industrial', 'Globex Components', 'Initech Services LLC', 'Tailspin Hardware'];
const VENDORS_HELD = ['Brightwater Joinery Pty', 'Kestrel Signage Co', 'Harbourline Logistics', 'Meridian Lab Supplies', 'Old Mill Print Works', 'Copperleaf Catering'];
const CUSTOMERS_DEV = ['Jane Doe', 'Max Mustermann', 'Aiko Tanaka', 'Carlos Ruiz', 'Priya Sharma', 'Olivia Brown'];
const CUSTOMERS_HELD = ['Riverside Dental Clinic', 'Ngaio Whitfield', 'Trent Valley Rowing Club', 'Dunmore Architects', 'Sunil Varghese', 'Pinecrest Primary School'];
const PRODUCTS_DEV = ['Steel bolts M8', 'Hex nuts M8', 'Welding gloves', 'Safety goggles', 'Cable ties 200mm', 'Drill bit set HSS', 'Masking tape 48mm', 'Wood screws 4x40', 'Consulting hours', 'On-site support', 'Annual licence renewal', 'Laser printer toner', 'USB-C docking station', 'Heavy duty stainless steel hinge set with mounting screws'];
const PRODUCTS_HELD = ['Oak skirting board 2.4m', 'Vinyl banner 3x1m', 'Pallet delivery zone B', 'Nitrile gloves box of 100', 'Pipette tips 200ul', 'Brochure print A5 4pp', 'Catering platter large', 'Site survey visit', 'Design revision round', 'Freight surcharge', 'Reagent kit batch 7', 'Laminated menu cards', 'Weekend call-out fee', 'Custom routed timber sign with gold leaf lettering and bracket'];
const STREETS = ['Harbour Road', 'Mill Lane', 'Queen Street', 'Station Parade', 'Elm Avenue', 'Kings Way'];
const TOWNS = ['Leeds LS1 4AP', 'Geelong VIC 3220', 'Portland OR 97204', 'Bristol BS1 5TR', 'Hamilton 3204', 'Austin TX 78701'];

function items(rng, products, n, decimalsQty = false) {
  return Array.from({ length: n }, () => {
    const description = rng.pick(products);
    const quantity = decimalsQty && rng.chance(0.3) ? rng.int(1, 40) / 2 : rng.chance(0.15) ? rng.int(10, 250) : rng.int(1, 12);
    const unit_price = round2(rng.chance(0.2) ? rng.int(100, 2500) + rng.int(0, 99) / 100 : rng.int(1, 120) + rng.int(0, 99) / 100);
    return { description, quantity, unit_price, amount: round2(quantity * unit_price) };
  });
}

const address = (rng) => [`${rng.int(1, 240)} ${rng.pick(STREETS)}`, rng.pick(TOWNS)];

function money(rng, held) {
  const currency = held ? CURRENCIES[rng.pick(['AUD', 'GBP', 'USD', 'CAD'])] : CURRENCIES[rng.pick(['USD', 'EUR', 'GBP'])];
  const numberStyle = held ? rng.pick(['us', 'us', 'swiss']) : currency.code === 'EUR' ? 'eu' : 'us';
  const place = held ? rng.pick(['none', 'code-after', 'symbol-before']) : rng.pick(['none', 'symbol-before', 'code-before']);
  return { currency, numberStyle, place, fmt: (n) => fmtMoney(n, numberStyle, currency, place), plain: (n) => fmtMoney(n, numberStyle, currency, 'none') };
}

// ------------------------------------------------------------------ development layouts

function devInvoiceClassic(rng, d) {
  const { m } = d;
  const head = [d.vendor, ...address(rng), '', '**INVOICE', ''];
  head.push(`Invoice No.: ${d.number}`, `Invoice Date: ${fmtDate(d.date, d.dateStyle)}`);
  if (d.due) head.push(`Due Date: ${fmtDate(d.due, d.dateStyle)}`);
  if (d.po) head.push(`PO Number: ${d.po}`);
  head.push('', 'Bill To:', d.customer, ...address(rng), '');
  const W = [44, -6, -16, -16];
  const header = [cols(['Description', 'Qty', 'Unit Price', 'Amount'], W), '-'.repeat(82)];
  const rows = d.items.map((i) => {
    const parts = wrap(i.description, 40);
    return [cols([parts[0], fmtQty(i.quantity, m.numberStyle), m.fmt(i.unit_price), m.fmt(i.amount)], W), ...parts.slice(1).map((p) => `  ${p}`)];
  });
  const tail = ['', cols(['', 'Subtotal', m.fmt(d.subtotal)], [50, 14, -18])];
  if (d.tax !== null) tail.push(cols(['', `Tax (${d.rate}%)`, m.fmt(d.tax)], [50, 14, -18]));
  tail.push(cols(['', 'Total', m.fmt(d.total)], [50, 14, -18]), '', 'Thank you for your business.');
  return paginate({ head, header, rows, tail, breakLines: () => ({ end: ['', 'continued on next page'], start: [`Invoice ${d.number} (continued)`, ''] }) });
}

function devInvoicePairs(rng, d) {
  const { m } = d;
  const head = [`From: ${d.vendor}`, '', side(`Invoice #: ${d.number}`, `Date: ${fmtDate(d.date, d.dateStyle)}`, 60)];
  const second = [d.due ? `Payment Due: ${fmtDate(d.due, d.dateStyle)}` : '', d.po ? `Order No.: ${d.po}` : ''].filter(Boolean);
  if (second.length) head.push(second.length === 2 ? side(second[0], second[1], 60) : second[0]);
  head.push(`Customer: ${d.customer}`, '');
  const W = [42, -10, -14, -16];
  const header = [cols(['Item', 'Quantity', 'Price', 'Total'], W)];
  const rows = d.items.map((i) => [cols([i.description, fmtQty(i.quantity, m.numberStyle), m.fmt(i.unit_price), m.fmt(i.amount)], W)]);
  const tail = ['', cols(['Subtotal', m.fmt(d.subtotal)], [60, -22])];
  if (d.tax !== null) tail.push(cols([`VAT ${d.rate}%`, m.fmt(d.tax)], [60, -22]));
  tail.push(cols(['Amount Due', m.fmt(d.total)], [60, -22]));
  return paginate({ head, header, rows, tail });
}

function devPurchaseOrder(rng, d) {
  const { m } = d;
  const head = ['**PURCHASE ORDER', '', `Buyer: ${d.buyer}`, ...address(rng), '', `PO Number: ${d.number}`, `Order Date: ${fmtDate(d.date, d.dateStyle)}`];
  if (d.due) head.push(`Delivery Date: ${fmtDate(d.due, d.dateStyle)}`);
  head.push(`Supplier: ${d.vendor}`, '');
  const W = [44, -6, -16, -16];
  const header = [cols(['Description', 'Qty', 'Unit Price', 'Amount'], W)];
  const rows = d.items.map((i) => [cols([i.description, fmtQty(i.quantity, m.numberStyle), m.fmt(i.unit_price), m.fmt(i.amount)], W)]);
  const tail = ['', cols(['', 'Total', m.fmt(d.total)], [50, 14, -18]), '', 'Please confirm this order by e-mail.'];
  return paginate({ head, header, rows, tail });
}

// ------------------------------------------------------------------ held-out layouts

function heldInvoiceRightVendor(rng, d) {
  const { m } = d;
  const [street, town] = address(rng);
  const head = [side('**TAX INVOICE', d.vendor), side('', street), side('', town), ''];
  head.push(cols(['Reference', d.number], [22, 30]), cols(['Issued on', fmtDate(d.date, d.dateStyle)], [22, 30]));
  if (d.due) head.push(cols(['Settle by', fmtDate(d.due, d.dateStyle)], [22, 30]));
  if (d.po) head.push(cols(['Your order ref', d.po], [22, 30]));
  head.push('', 'Invoiced to', d.customer, ...address(rng), '');
  const W = [-6, 4, 46, -14, -18];
  const header = [cols(['Units', '', 'Particulars', 'Rate', 'Line value'], W), '='.repeat(88)];
  const rows = d.items.map((i) => {
    const parts = wrap(i.description, 42);
    return [cols([fmtQty(i.quantity, m.numberStyle), '', parts[0], m.plain(i.unit_price), m.fmt(i.amount)], W), ...parts.slice(1).map((p) => `          ${p}`)];
  });
  let running = 0;
  const tail = ['', cols(['', 'Goods total', m.fmt(d.subtotal)], [46, 22, -20])];
  if (d.tax !== null) tail.push(cols(['', `GST @ ${d.rate}%`, m.fmt(d.tax)], [46, 22, -20]));
  tail.push(cols(['', 'Balance payable', m.fmt(d.total)], [46, 22, -20]), '', `Payment to: ${d.vendor}, BSB 062-000, acct 1234 5678`);
  return paginate({
    head,
    header,
    rows,
    tail,
    footer: (p, n) => `${d.vendor} - sheet ${p}/${n}`,
    breakLines: (done) => {
      running = round2(d.items.slice(0, done).reduce((s, i) => s + i.amount, 0));
      return { end: [cols(['', 'Carried forward', m.plain(running)], [46, 22, -20])], start: [cols(['', 'Brought forward', m.plain(running)], [46, 22, -20]), ''] };
    },
  });
}

function heldInvoiceLabelRow(rng, d) {
  const { m } = d;
  const head = [`**${d.vendor.toUpperCase()}`, address(rng).join(', '), '', 'STATEMENT OF CHARGES / INVOICE', ''];
  const labels = ['Document No.', 'Raised', d.due ? 'Payment deadline' : null, d.po ? 'Customer P.O.' : null].filter(Boolean);
  const values = [d.number, fmtDate(d.date, d.dateStyle), d.due ? fmtDate(d.due, d.dateStyle) : null, d.po].filter(Boolean);
  const W = labels.map(() => 22);
  head.push(cols(labels, W), cols(values, W), '', `Account name: ${d.customer}`, '');
  const CW = [10, 40, -6, -14, -16];
  const header = [cols(['Code', 'Service', 'Hrs', 'Hourly', 'Charge'], CW)];
  const rows = d.items.map((i, k) => [cols([`S-${(k * 7 + 101) % 997}`, i.description.slice(0, 38), fmtQty(i.quantity, m.numberStyle), m.plain(i.unit_price), m.fmt(i.amount)], CW)]);
  const tail = ['', cols(['Net', m.fmt(d.subtotal)], [66, -20])];
  if (d.tax !== null) tail.push(cols(['Sales tax', m.fmt(d.tax)], [66, -20]));
  tail.push(cols(['Grand sum', m.fmt(d.total)], [66, -20]), '', 'Queries within 14 days please.');
  return paginate({ head, header, rows, tail, footer: (p) => `- ${p} -` });
}

function heldPurchaseOrder(rng, d) {
  const { m } = d;
  const head = [side(`**${d.buyer}`, 'ORDER FORM'), address(rng).join(' | '), ''];
  head.push(side(`Order ref ${d.number}`, `Placed on ${fmtDate(d.date, d.dateStyle)}`, 70));
  if (d.due) head.push(`Required by ${fmtDate(d.due, d.dateStyle)}`);
  head.push('', 'Goods from:', `  ${d.vendor}`, '');
  const W = [44, -8, -16, -16];
  const header = [cols(['Article', 'Count', 'Each', 'Ext.'], W)];
  const rows = d.items.map((i) => [cols([i.description.slice(0, 42), fmtQty(i.quantity, m.numberStyle), m.plain(i.unit_price), m.plain(i.amount)], W)]);
  const tail = ['', cols(['Order value', m.fmt(d.total)], [60, -24]), '', 'Ordered by the purchasing office; quote the order ref on every delivery note.'];
  return paginate({ head, header, rows, tail });
}

// ------------------------------------------------------------------ corpus

export function generateOffice(rng, half, count) {
  const held = half === 'held-out';
  const docs = [];
  const layouts = held ? [heldInvoiceRightVendor, heldInvoiceLabelRow, heldPurchaseOrder] : [devInvoiceClassic, devInvoicePairs, devPurchaseOrder];
  const dateStyles = held ? ['long-eu', 'ordinal', 'dash-mon', 'us', 'short'] : ['iso', 'us', 'eu-dot', 'long-us'];
  for (let k = 0; k < count; k++) {
    const layout = layouts[k % layouts.length];
    const isPo = layout === devPurchaseOrder || layout === heldPurchaseOrder;
    const m = money(rng, held);
    const long = rng.chance(0.25);
    const list = items(rng, held ? PRODUCTS_HELD : PRODUCTS_DEV, long ? rng.int(45, 70) : rng.int(2, 9), held);
    const subtotal = round2(list.reduce((s, i) => s + i.amount, 0));
    const hasTax = !isPo && rng.chance(0.85);
    const rate = rng.pick([5, 8, 10, 20]);
    const tax = hasTax ? round2((subtotal * rate) / 100) : null;
    const total = round2(subtotal + (tax ?? 0));
    const date = randomDate(rng);
    const due = rng.chance(0.75) ? addDays(date, rng.pick([14, 30, 45])) : null;
    const number = held
      ? rng.pick([`RX-${rng.int(10000, 99999)}`, `${rng.int(100, 999)}/${rng.int(10, 99)}`, `BW${rng.int(1000, 9999)}-A`, `T${rng.int(100000, 999999)}`])
      : rng.pick([`INV-${rng.int(1000, 9999)}`, `INV2024-${rng.int(100, 999)}`, `F${rng.int(10000, 99999)}`]);
    const po = rng.chance(0.5) ? (held ? `P${rng.int(10, 99)}-${rng.int(1000, 9999)}` : `PO-${rng.int(1000, 9999)}`) : null;
    const vendor = rng.pick(held ? VENDORS_HELD : VENDORS_DEV);
    const customer = rng.pick(held ? CUSTOMERS_HELD : CUSTOMERS_DEV);
    const buyer = rng.pick(held ? ['Riverside Dental Clinic', 'Trent Valley Rowing Club', 'Dunmore Architects', 'Pinecrest Primary School'] : ['Acme Robotics Ltd', 'Blue Yonder Airlines', 'Coho Winery']);
    const d = { m, items: list, subtotal, tax, rate, total, date, due, number: isPo && !held ? `PO-${rng.int(10000, 99999)}` : number, po: isPo ? null : po, vendor, customer, buyer, dateStyle: rng.pick(dateStyles) };
    const pages = layout(rng, d);
    const currency = visibleCurrency(m.currency, m.place);
    const truth = isPo
      ? { po_number: d.number, order_date: date, supplier_name: vendor, buyer_name: buyer, delivery_date: due, total, currency, items: list.map(({ description, quantity, unit_price, amount }) => ({ description: layout === heldPurchaseOrder ? description.slice(0, 42) : description, quantity, unit_price, amount })) }
      : {
          vendor_name: vendor,
          invoice_number: d.number,
          invoice_date: date,
          due_date: due,
          customer_name: customer,
          po_number: d.po,
          subtotal,
          tax,
          total,
          currency,
          line_items: list.map(({ description, quantity, unit_price, amount }) => ({ description: layout === heldInvoiceLabelRow ? description.slice(0, 38) : description, quantity, unit_price, amount })),
        };
    docs.push({ source: 'office', half, kind: isPo ? 'purchase-order' : 'invoice', layout: layout.name, schema: isPo ? PO_SCHEMA : INVOICE_SCHEMA, rowsKey: isPo ? 'items' : 'line_items', nameKey: 'description', pages, truth });
  }
  return docs;
}

/** labels and column names only the held-out half prints (run.mjs checks the extractor never names them) */
export const HELD_OUT_VOCABULARY = ['Issued on', 'Settle by', 'Your order ref', 'Invoiced to', 'Particulars', 'Line value', 'Goods total', 'Balance payable', 'Document No', 'Raised', 'Payment deadline', 'Customer P.O', 'Account name', 'Hourly', 'Charge', 'Grand sum', 'Order ref', 'Placed on', 'Required by', 'Goods from', 'Article', 'Count', 'Each', 'Ext.', 'Order value', 'Carried forward', 'Brought forward'];
