// Source "till": shop receipts and bank statements. Development half: receipts with
// "2 x Latte  9.00" lines or a Qty/Item/Price/Total table, statements with Date/Description/
// Amount. Held-out half: receipts with an EACH/SUM table, tax included in the price and
// European amounts; statements with a running-balance column, money out as negative
// amounts and other labels.
import { cols, fmtDate, fmtNumber, paginate, randomDate, round2, side, addDays } from '../common.mjs';

export const RECEIPT_SCHEMA = {
  type: 'object',
  properties: {
    merchant_name: { type: 'string', description: 'Store or merchant name' },
    receipt_number: { type: 'string', description: 'Receipt or transaction number' },
    date: { type: 'string', format: 'date', description: 'Date of the purchase' },
    subtotal: { type: 'number', description: 'Sum of the items before tax' },
    tax: { type: 'number', description: 'Tax amount' },
    total: { type: 'number', description: 'Total paid' },
    payment_method: { type: 'string', enum: ['cash', 'card'], description: 'How the purchase was paid' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'Item name' },
          quantity: { type: 'integer', description: 'How many were bought' },
          unit_price: { type: 'number', description: 'Price of one item' },
          total: { type: 'number', description: 'Price of the line' },
        },
      },
    },
  },
};

export const STATEMENT_SCHEMA = {
  type: 'object',
  properties: {
    account_holder: { type: 'string', description: 'Name of the account holder' },
    account_number: { type: 'string', description: 'Account number or IBAN' },
    statement_date: { type: 'string', format: 'date', description: 'Date the statement was issued (end of the period)' },
    opening_balance: { type: 'number', description: 'Balance at the start of the period' },
    closing_balance: { type: 'number', description: 'Balance at the end of the period' },
    currency: { type: 'string', description: 'ISO 4217 currency code' },
    transactions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          date: { type: 'string', format: 'date', description: 'Booking date of the transaction' },
          description: { type: 'string', description: 'What the transaction was' },
          amount: { type: 'number', description: 'Signed amount: negative for money out, positive for money in' },
        },
      },
    },
  },
};

const MERCHANTS_DEV = ['CORNER CAFE', 'GREEN LEAF GROCERY', 'CITY BAKERY', 'QUICK STOP MARKET'];
const MERCHANTS_HELD = ['Fjord & Fennel Deli', 'HALVORSEN HARDWARE', 'Piazza Nova Gelateria', 'MOONRAKER BIKES'];
const MENU_DEV = ['Latte', 'Cappuccino', 'Espresso', 'Blueberry Muffin', 'Bagel', 'Orange Juice', 'Croissant', 'Club Sandwich', 'Apples 1kg', 'Whole Milk 1L'];
const MENU_HELD = ['Rye crispbread', 'Smoked trout 200g', 'Wood screws 5x60', 'Inner tube 28in', 'Gelato two scoops', 'Chain lube', 'Brass hinge pair', 'Lingonberry jam', 'Cold brew', 'Puncture kit'];
const HOLDERS_DEV = ['Jane Doe', 'Liam Murphy', 'Sofia Rossi', 'Noah Wilson'];
const HOLDERS_HELD = ['Ingrid Solberg', 'Tomasz Wieczorek', 'Ama Owusu', 'Declan Fairweather'];
const TX_DEV = ['Card payment SUPERMARKET', 'Salary ACME CORP', 'Rent transfer', 'ATM withdrawal', 'Electricity direct debit', 'Mobile phone bill', 'Transfer from savings', 'Online shop order'];
const TX_HELD = ['SEPA credit Halvorsen AS', 'Standing order landlord', 'POS Fjord Deli', 'Interest paid', 'Refund Moonraker Bikes', 'Direct debit broadband', 'Cash machine Storgata', 'Payroll Nordlys AB'];

function receiptItems(rng, menu, n) {
  return Array.from({ length: n }, () => {
    const quantity = rng.chance(0.4) ? rng.int(2, 4) : 1;
    const unit_price = round2(rng.int(1, 14) + rng.pick([0, 0.25, 0.5, 0.75, 0.95, 0.45]));
    return { name: rng.pick(menu), quantity, unit_price, total: round2(quantity * unit_price) };
  });
}

function devReceipt(rng, k) {
  const merchant = rng.pick(MERCHANTS_DEV);
  const list = receiptItems(rng, MENU_DEV, rng.int(2, 8));
  const subtotal = round2(list.reduce((s, i) => s + i.total, 0));
  const tax = round2(subtotal * 0.08);
  const total = round2(subtotal + tax);
  const date = randomDate(rng);
  const number = String(rng.int(1000, 99999));
  const card = rng.chance(0.6);
  const f = (n) => fmtNumber(n, 'us');
  const lines = [`**${merchant}`, `${rng.int(1, 99)} MAIN ST`, '', `Receipt #: ${number}`, `Date: ${fmtDate(date, rng.pick(['us', 'iso']))} ${rng.int(8, 20)}:${String(rng.int(0, 59)).padStart(2, '0')}`, ''];
  const tableStyle = k % 2 === 0;
  let rows;
  if (tableStyle) {
    const W = [6, 30, -10, -10];
    lines.push(cols(['Qty', 'Item', 'Price', 'Total'], W));
    rows = list.map((i) => cols([String(i.quantity), i.name, f(i.unit_price), f(i.total)], W));
  } else {
    rows = list.map((i) => (i.quantity > 1 ? cols([`${i.quantity} x ${i.name}`, f(i.total)], [36, -10]) : cols([i.name, f(i.total)], [36, -10])));
  }
  lines.push(...rows, '', cols(['SUBTOTAL', f(subtotal)], [36, -10]), cols(['TAX', f(tax)], [36, -10]), cols(['TOTAL', `$${f(total)}`], [36, -10]), '');
  lines.push(card ? `VISA ****${rng.int(1000, 9999)}  $${f(total)}` : `CASH  $${f(total + rng.int(0, 5))}`, '', 'THANK YOU!');
  const truth = {
    merchant_name: merchant,
    receipt_number: number,
    date,
    subtotal,
    tax,
    total,
    payment_method: card ? 'card' : 'cash',
    items: list.map((i) => ({ name: i.name, quantity: tableStyle || i.quantity > 1 ? i.quantity : null, unit_price: tableStyle ? i.unit_price : null, total: i.total })),
  };
  return { kind: 'receipt', layout: tableStyle ? 'devReceiptTable' : 'devReceiptLines', schema: RECEIPT_SCHEMA, rowsKey: 'items', nameKey: 'name', pages: [lines], truth };
}

function heldReceipt(rng, k) {
  const merchant = rng.pick(MERCHANTS_HELD);
  const list = receiptItems(rng, MENU_HELD, rng.int(2, 9));
  const total = round2(list.reduce((s, i) => s + i.total, 0));
  // prices include VAT: the tax is the part of the total that is VAT
  const rate = rng.pick([12, 15, 25]);
  const tax = round2(total - total / (1 + rate / 100));
  const date = randomDate(rng);
  const number = `${rng.int(10, 99)}-${rng.int(100000, 999999)}`;
  const card = rng.chance(0.6);
  const style = k % 2 === 0 ? 'eu' : 'space';
  const f = (n) => fmtNumber(n, style);
  const cur = rng.pick(['EUR', 'NOK', 'SEK']);
  const lines = [side(`**${merchant}`, fmtDate(date, rng.pick(['eu-dot', 'short', 'long-eu'])), 60), `Org.nr 9${rng.int(10000000, 99999999)}`, '', `Sale ref ${number}    Till ${rng.int(1, 6)}    Op. ${rng.pick(['Maria', 'Ole', 'Chen'])}`, ''];
  const W = [28, -5, -10, -12];
  lines.push(cols(['ARTICLE', 'QTY', 'EACH', `SUM ${cur}`], W), '-'.repeat(55));
  for (const i of list) lines.push(cols([i.name, String(i.quantity), f(i.unit_price), f(i.total)], W));
  lines.push('-'.repeat(55), cols([`TO PAY ${cur}`, f(total)], [43, -12]), cols([`incl. VAT ${rate}%`, f(tax)], [43, -12]), '');
  lines.push(card ? `Card payment (contactless) ****${rng.int(1000, 9999)}` : `Paid in cash ${f(Math.ceil(total))}  change ${f(round2(Math.ceil(total) - total))}`, '', 'Returns within 30 days with this slip');
  const truth = { merchant_name: merchant, receipt_number: number, date, subtotal: null, tax, total, payment_method: card ? 'card' : 'cash', items: list };
  return { kind: 'receipt', layout: 'heldReceiptEach', schema: RECEIPT_SCHEMA, rowsKey: 'items', nameKey: 'name', pages: [lines], truth };
}

function statementRows(rng, names, n, start, opening) {
  let balance = opening;
  let date = start;
  return Array.from({ length: n }, () => {
    date = addDays(date, rng.int(0, 2));
    const description = rng.pick(names);
    const positive = /salary|payroll|from savings|refund|credit|interest/i.test(description);
    const amount = round2((positive ? 1 : -1) * (rng.int(5, positive ? 3000 : 400) + rng.int(0, 99) / 100));
    balance = round2(balance + amount);
    return { date, description, amount, balance };
  });
}

function devStatement(rng) {
  const holder = rng.pick(HOLDERS_DEV);
  const account = `${rng.int(10, 99)}-${rng.int(1000, 9999)}-${rng.int(100000, 999999)}`;
  const start = randomDate(rng);
  const opening = round2(rng.int(100, 5000) + rng.int(0, 99) / 100);
  const tx = statementRows(rng, TX_DEV, rng.chance(0.4) ? rng.int(50, 80) : rng.int(5, 20), start, opening);
  const closing = tx[tx.length - 1].balance;
  const end = addDays(tx[tx.length - 1].date, 1);
  const ds = rng.pick(['iso', 'us']);
  const head = ['**FIRST COMMUNITY BANK', 'Account statement', '', `Account holder: ${holder}`, `Account number: ${account}`, `Statement date: ${fmtDate(end, ds)}`, `Currency: USD`, '', cols(['Opening balance', fmtNumber(opening, 'us')], [30, -14]), ''];
  const W = [14, 48, -14];
  const header = [cols(['Date', 'Description', 'Amount'], W)];
  const rows = tx.map((t) => [cols([fmtDate(t.date, ds), t.description, fmtNumber(t.amount, 'us')], W)]);
  const tail = ['', cols(['Closing balance', fmtNumber(closing, 'us')], [30, -14])];
  const pages = paginate({ head, header, rows, tail });
  const truth = { account_holder: holder, account_number: account, statement_date: end, opening_balance: opening, closing_balance: closing, currency: 'USD', transactions: tx.map(({ date, description, amount }) => ({ date, description, amount })) };
  return { kind: 'statement', layout: 'devStatement', schema: STATEMENT_SCHEMA, rowsKey: 'transactions', nameKey: 'description', pages, truth };
}

function heldStatement(rng) {
  const holder = rng.pick(HOLDERS_HELD);
  const iban = `NO${rng.int(10, 99)} ${rng.int(1000, 9999)} ${rng.int(1000, 9999)} ${rng.int(100, 999)}`;
  const start = randomDate(rng);
  const opening = round2(rng.int(100, 9000) + rng.int(0, 99) / 100);
  const tx = statementRows(rng, TX_HELD, rng.chance(0.4) ? rng.int(50, 80) : rng.int(5, 20), start, opening);
  const closing = tx[tx.length - 1].balance;
  const end = addDays(tx[tx.length - 1].date, 1);
  const style = rng.pick(['eu', 'space']);
  const f = (n) => fmtNumber(n, style);
  const ds = rng.pick(['eu-dot', 'short']);
  const head = [side('**Nordlys Sparebank', `Period ending ${fmtDate(end, 'long-eu')}`, 80), '', `Customer  ${holder}`, `IBAN      ${iban}`, 'All amounts in NOK', ''];
  const W = [14, 40, -14, -16];
  const header = [cols(['Value date', 'Transaction details', 'In/Out', 'Running bal.'], W)];
  const rows = tx.map((t) => [cols([fmtDate(t.date, ds), t.description, f(t.amount), f(t.balance)], W)]);
  const pages = paginate({ head: [...head, cols(['', 'Brought forward', '', f(opening)], W), ''], header, rows, tail: ['', cols(['', 'Balance at end of period', '', f(closing)], W)], footer: (p, n) => `${p}/${n}` });
  const truth = { account_holder: holder, account_number: iban, statement_date: end, opening_balance: opening, closing_balance: closing, currency: 'NOK', transactions: tx.map(({ date, description, amount }) => ({ date, description, amount })) };
  return { kind: 'statement', layout: 'heldStatement', schema: STATEMENT_SCHEMA, rowsKey: 'transactions', nameKey: 'description', pages, truth };
}

export function generateTill(rng, half, count) {
  const held = half === 'held-out';
  const docs = [];
  for (let k = 0; k < count; k++) {
    const statement = k % 3 === 2;
    const doc = statement ? (held ? heldStatement(rng) : devStatement(rng)) : held ? heldReceipt(rng, k) : devReceipt(rng, k);
    docs.push({ source: 'till', half, ...doc });
  }
  return docs;
}

export const HELD_OUT_VOCABULARY = ['Sale ref', 'ARTICLE', 'EACH', 'SUM', 'TO PAY', 'incl. VAT', 'contactless', 'Period ending', 'Value date', 'Transaction details', 'In/Out', 'Running bal', 'Brought forward', 'Balance at end of period', 'IBAN'];
