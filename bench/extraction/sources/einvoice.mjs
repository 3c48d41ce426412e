// Source "einvoice": EN 16931 e-invoices (Factur-X / ZUGFeRD, profile EN16931) made with
// @e-invoice-eu/core. The visible PDF pages are laid out here; the invoice data goes to the
// library, which embeds its own CII XML (factur-x.xml) into the PDF. The GROUND TRUTH is read
// back from that embedded XML, a format nobody on this project designed.
import { InvoiceService } from '@e-invoice-eu/core';
import { cols, fmtDate, fmtNumber, fmtQty, paginate, randomDate, round2, side, addDays, renderPdf, wrap } from '../common.mjs';

export const EINVOICE_SCHEMA = {
  type: 'object',
  properties: {
    invoice_id: { type: 'string', description: 'Identifier of the invoice' },
    issue_date: { type: 'string', format: 'date', description: 'Invoice issue date' },
    due_date: { type: 'string', format: 'date', description: 'Payment due date' },
    seller_name: { type: 'string', description: 'Name of the seller' },
    buyer_name: { type: 'string', description: 'Name of the buyer' },
    currency_code: { type: 'string', description: 'Invoice currency (ISO 4217)' },
    net_total: { type: 'number', description: 'Sum of line net amounts, without VAT' },
    vat_total: { type: 'number', description: 'Total VAT amount' },
    amount_payable: { type: 'number', description: 'Amount due for payment' },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          item_name: { type: 'string', description: 'Name of the item' },
          quantity: { type: 'number', description: 'Invoiced quantity' },
          net_price: { type: 'number', description: 'Item net price' },
          line_amount: { type: 'number', description: 'Invoice line net amount' },
        },
      },
    },
  },
};

const SELLERS_DEV = [['Müller Werkzeuge GmbH', 'Hauptstraße 12', 'Köln', '50667', 'DE'], ['Brandt & Söhne KG', 'Industrieweg 4', 'Bremen', '28195', 'DE'], ['Atelier Lefèvre SARL', 'Rue des Lilas 8', 'Lyon', '69003', 'FR']];
const SELLERS_HELD = [['Valdés Cerámica S.L.', 'Calle Mayor 21', 'Valencia', '46001', 'ES'], ['Huber Präzision AG', 'Seestrasse 90', 'Zürich', '8002', 'CH'], ['Janssen Bouwmaterialen BV', 'Kade 7', 'Utrecht', '3511', 'NL']];
const BUYERS_DEV = ['Globex Handel GmbH', 'Stadtwerke Nordheim', 'Café Central OHG'];
const BUYERS_HELD = ['Ostrander Medical BV', 'Lindqvist Studio AB', 'Quinta do Vale Lda'];
const GOODS_DEV = ['Schraubendreher-Set 12-tlg.', 'Montagekleber 310 ml', 'Arbeitsschuhe S3 Gr. 43', 'Beratung (Stunde)', 'Wartungsvertrag Q3', 'Versandkosten', 'Kabelkanal 2 m', 'Bohrhammer SDS-plus'];
const GOODS_HELD = ['Porcelain floor tile 60x60', 'Grout anthracite 5 kg', 'Calibration service', 'CNC spindle bearing', 'Expansion joint profile', 'Installation (per hour)', 'Cement board 12 mm', 'Travel allowance'];

function ublInvoice(d) {
  const party = (p) => ({
    'cac:PostalAddress': { 'cbc:StreetName': p.street, 'cbc:CityName': p.city, 'cbc:PostalZone': p.zip, 'cac:Country': { 'cbc:IdentificationCode': p.country } },
  });
  const amt = (n) => n.toFixed(2);
  return {
    'ubl:Invoice': {
      'cbc:ID': d.id,
      'cbc:IssueDate': d.date,
      ...(d.due ? { 'cbc:DueDate': d.due } : {}),
      'cbc:InvoiceTypeCode': '380',
      'cbc:DocumentCurrencyCode': d.currency,
      'cbc:BuyerReference': d.buyerRef,
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': d.seller.vat,
          'cbc:EndpointID@schemeID': '9930',
          'cac:PartyName': { 'cbc:Name': d.seller.name },
          ...party(d.seller),
          'cac:PartyTaxScheme': [{ 'cbc:CompanyID': d.seller.vat, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }],
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': d.seller.name },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cbc:EndpointID': d.buyer.vat,
          'cbc:EndpointID@schemeID': '9930',
          ...party(d.buyer),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': d.buyer.name },
        },
      },
      'cac:PaymentMeans': [{ 'cbc:PaymentMeansCode': '58', 'cac:PayeeFinancialAccount': { 'cbc:ID': d.iban } }],
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': amt(d.vat),
          'cbc:TaxAmount@currencyID': d.currency,
          'cac:TaxSubtotal': [
            {
              'cbc:TaxableAmount': amt(d.net),
              'cbc:TaxableAmount@currencyID': d.currency,
              'cbc:TaxAmount': amt(d.vat),
              'cbc:TaxAmount@currencyID': d.currency,
              'cac:TaxCategory': { 'cbc:ID': 'S', 'cbc:Percent': String(d.rate), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
            },
          ],
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': amt(d.net),
        'cbc:LineExtensionAmount@currencyID': d.currency,
        'cbc:TaxExclusiveAmount': amt(d.net),
        'cbc:TaxExclusiveAmount@currencyID': d.currency,
        'cbc:TaxInclusiveAmount': amt(d.gross),
        'cbc:TaxInclusiveAmount@currencyID': d.currency,
        'cbc:PayableAmount': amt(d.gross),
        'cbc:PayableAmount@currencyID': d.currency,
      },
      'cac:InvoiceLine': d.lines.map((l, i) => ({
        'cbc:ID': String(i + 1),
        'cbc:InvoicedQuantity': String(l.quantity),
        'cbc:InvoicedQuantity@unitCode': l.unit,
        'cbc:LineExtensionAmount': amt(l.amount),
        'cbc:LineExtensionAmount@currencyID': d.currency,
        'cac:Item': { 'cbc:Name': l.name, 'cac:ClassifiedTaxCategory': { 'cbc:ID': 'S', 'cbc:Percent': String(d.rate), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } },
        'cac:Price': { 'cbc:PriceAmount': amt(l.price), 'cbc:PriceAmount@currencyID': d.currency },
      })),
      'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
      'cbc:ProfileID': 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
    },
  };
}

// ------------------------------------------------------------------ ground truth from the CII XML

const UNIT_LABEL = { H87: 'pcs', HUR: 'h', KGM: 'kg', MTR: 'm', C62: 'unit' };

function elements(xml, name) {
  const re = new RegExp(`<(?:\\w+:)?${name}\\b[^>]*>([\\s\\S]*?)</(?:\\w+:)?${name}>`, 'g');
  return [...xml.matchAll(re)].map((m) => m[1]);
}
const first = (xml, path) => {
  let scope = [xml];
  for (const name of path) scope = scope.flatMap((s) => elements(s, name));
  return scope[0]?.trim() ?? null;
};
const xmlText = (s) => (s === null ? null : s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'"));
const date102 = (s) => (s ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : null);
const num = (s) => (s === null ? null : Number(s));

export function truthFromCii(xml) {
  return {
    invoice_id: xmlText(first(xml, ['ExchangedDocument', 'ID'])),
    issue_date: date102(first(xml, ['ExchangedDocument', 'IssueDateTime', 'DateTimeString'])),
    due_date: date102(first(xml, ['SpecifiedTradePaymentTerms', 'DueDateDateTime', 'DateTimeString'])),
    seller_name: xmlText(first(xml, ['SellerTradeParty', 'Name'])),
    buyer_name: xmlText(first(xml, ['BuyerTradeParty', 'Name'])),
    currency_code: first(xml, ['ApplicableHeaderTradeSettlement', 'InvoiceCurrencyCode']),
    net_total: num(first(xml, ['SpecifiedTradeSettlementHeaderMonetarySummation', 'TaxBasisTotalAmount'])),
    vat_total: num(first(xml, ['SpecifiedTradeSettlementHeaderMonetarySummation', 'TaxTotalAmount'])),
    amount_payable: num(first(xml, ['SpecifiedTradeSettlementHeaderMonetarySummation', 'DuePayableAmount'])),
    lines: elements(xml, 'IncludedSupplyChainTradeLineItem').map((li) => ({
      item_name: xmlText(first(li, ['SpecifiedTradeProduct', 'Name'])),
      quantity: num(first(li, ['SpecifiedLineTradeDelivery', 'BilledQuantity'])),
      net_price: num(first(li, ['NetPriceProductTradePrice', 'ChargeAmount'])),
      line_amount: num(first(li, ['SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount'])),
    })),
  };
}

// ------------------------------------------------------------------ visible layouts

function devLayout(d) {
  const f = (n) => fmtNumber(n, 'eu');
  const ds = d.dateStyle;
  const head = [`**${d.seller.name}`, `${d.seller.street}, ${d.seller.zip} ${d.seller.city}, ${d.seller.country}`, `VAT ID ${d.seller.vat}`, '', 'Buyer:', d.buyer.name, `${d.buyer.street}`, `${d.buyer.zip} ${d.buyer.city}`, '', '**INVOICE', ''];
  head.push(cols(['Invoice no.', d.id], [18, 30]), cols(['Invoice date', fmtDate(d.date, ds)], [18, 30]));
  if (d.due) head.push(cols(['Due date', fmtDate(d.due, ds)], [18, 30]));
  head.push(cols(['Your reference', d.buyerRef], [18, 30]), '');
  const W = [5, 36, -8, 7, -14, -16];
  const header = [cols(['Pos', 'Description', 'Qty', '  Unit', 'Unit price', 'Net amount'], W)];
  const rows = d.lines.map((l, i) => [cols([String(i + 1), l.name, fmtQty(l.quantity, 'eu'), `  ${UNIT_LABEL[l.unit]}`, f(l.price), f(l.amount)], W)]);
  const tail = ['', cols(['', `Net total (${d.currency})`, f(d.net)], [40, 28, -17]), cols(['', `VAT ${d.rate} %`, f(d.vat)], [40, 28, -17]), cols(['', `Amount payable (${d.currency})`, f(d.gross)], [40, 28, -17]), '', `IBAN ${d.iban}`];
  return paginate({ head, header, rows, tail, footer: (p, n) => `Page ${p}/${n}` });
}

function heldLayout(d, _k) {
  const style = d.currency === 'CHF' ? 'swiss' : 'space';
  const f = (n) => fmtNumber(n, style);
  const ds = d.dateStyle;
  const head = [side('**Commercial invoice', `Supplier: ${d.seller.name}`), side('', `${d.seller.street} - ${d.seller.zip} ${d.seller.city}`), side('', `VAT reg. ${d.seller.vat}`), ''];
  head.push('Recipient', `   ${d.buyer.name}`, `   ${d.buyer.street}, ${d.buyer.zip} ${d.buyer.city}`, '');
  head.push(cols(['Our ref.', 'Dated', 'Date of supply', 'Buyer ref.'], [20, 22, 22, 20]));
  head.push(cols([d.id, fmtDate(d.date, ds), fmtDate(d.supply, ds), d.buyerRef], [20, 22, 22, 20]), '');
  const W = [4, 34, -11, 7, -15, -16];
  const header = [cols(['No', 'Goods / services', 'Billed qty', '  UoM', 'Price per unit', 'Line net'], W), '-'.repeat(87)];
  const rows = d.lines.map((l, i) => {
    const parts = wrap(l.name, 32);
    return [cols([String(i + 1), parts[0], fmtQty(l.quantity, style), `  ${UNIT_LABEL[l.unit]}`, f(l.price), f(l.amount)], W), ...parts.slice(1).map((p) => `    ${p}`)];
  });
  const tail = ['-'.repeat(85), cols(['', 'Total excl. VAT', `${f(d.net)} ${d.currency}`], [44, 22, -19]), cols(['', `VAT ${d.rate}%`, `${f(d.vat)} ${d.currency}`], [44, 22, -19]), cols(['', 'To be paid', `${f(d.gross)} ${d.currency}`], [44, 22, -19]), ''];
  if (d.due) tail.push(`Terms: net, to be settled on or before ${fmtDate(d.due, ds)} to ${d.iban}.`);
  else tail.push(`Terms: payable on receipt to ${d.iban}.`);
  return paginate({ head, header, rows, tail, footer: (p, n) => `${d.id} · ${p} (${n})`.replace('·', '-') });
}

// ------------------------------------------------------------------ corpus

let service;
async function facturX(d, pages) {
  service ??= new InvoiceService({ log: () => {}, warn: () => {}, error: (m) => console.error(m) });
  const pdf = await renderPdf(pages, { title: `Invoice ${d.id}` });
  const out = await service.generate(ublInvoice(d), { format: 'Factur-X-EN16931', lang: 'en-us', pdf: { buffer: pdf, filename: `${d.id}.pdf`, mimetype: 'application/pdf' } });
  return out instanceof Uint8Array ? out : new Uint8Array(out);
}

export async function readEmbeddedXml(pdfBytes) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdfBytes), verbosity: 0 }).promise;
  const attachments = (await doc.getAttachments()) ?? {};
  await doc.destroy();
  const entry = attachments['factur-x.xml'] ?? Object.values(attachments).find((a) => /\.xml$/i.test(a.filename));
  if (!entry) throw new Error('no embedded factur-x.xml');
  return new TextDecoder().decode(entry.content);
}

export async function generateEinvoices(rng, half, count) {
  const held = half === 'held-out';
  const docs = [];
  for (let k = 0; k < count; k++) {
    const [name, street, city, zip, country] = rng.pick(held ? SELLERS_HELD : SELLERS_DEV);
    const seller = { name, street, city, zip, country, vat: `${country}${rng.int(100000000, 999999999)}` };
    const buyer = { name: rng.pick(held ? BUYERS_HELD : BUYERS_DEV), street: `${rng.pick(['Lindenallee', 'Marktplatz', 'Havenstraat', 'Storgatan'])} ${rng.int(1, 80)}`, city: rng.pick(['Berlin', 'Hamburg', 'Rotterdam', 'Malmö']), zip: String(rng.int(10000, 99999)), country: 'DE', vat: `DE${rng.int(100000000, 999999999)}` };
    const currency = held && country === 'CH' ? 'CHF' : 'EUR';
    const n = rng.chance(0.25) ? rng.int(45, 65) : rng.int(2, 10);
    const lines = Array.from({ length: n }, () => {
      const hourly = rng.chance(0.25);
      const quantity = hourly ? rng.int(1, 16) / 2 : rng.int(1, 30);
      const price = round2(rng.int(2, 900) + rng.int(0, 99) / 100);
      return { name: rng.pick(held ? GOODS_HELD : GOODS_DEV), quantity, unit: hourly ? 'HUR' : rng.pick(['H87', 'C62', 'KGM']), price, amount: round2(quantity * price) };
    });
    const net = round2(lines.reduce((s, l) => s + l.amount, 0));
    const rate = currency === 'CHF' ? 8.1 : rng.pick([19, 20, 21]);
    const vat = round2((net * rate) / 100);
    const date = randomDate(rng);
    const d = {
      id: held ? `${rng.pick(['F', 'FV', 'R'])}-2024/${String(rng.int(1, 9999)).padStart(4, '0')}` : `RE-2024-${String(rng.int(1, 9999)).padStart(4, '0')}`,
      date,
      due: rng.chance(0.8) ? addDays(date, rng.pick([10, 14, 30])) : null,
      supply: addDays(date, -rng.int(1, 9)),
      currency,
      buyerRef: `${rng.pick(['K', 'B', 'dept'])}${rng.int(100, 9999)}`,
      seller,
      buyer,
      iban: `DE${rng.int(10, 99)}${rng.int(10000000, 99999999)}${rng.int(1000000000, 9999999999)}`,
      lines,
      net,
      rate,
      vat,
      gross: round2(net + vat),
      dateStyle: held ? rng.pick(['long-eu', 'eu-slash', 'ordinal']) : rng.pick(['eu-dot', 'iso']),
    };
    const pages = held ? heldLayout(d, k) : devLayout(d);
    const pdf = await facturX(d, pages);
    const truth = truthFromCii(await readEmbeddedXml(pdf));
    docs.push({ source: 'einvoice', half, kind: 'e-invoice', layout: held ? 'heldEinvoice' : 'devEinvoice', schema: EINVOICE_SCHEMA, rowsKey: 'lines', nameKey: 'item_name', pages, pdf, truth });
  }
  return docs;
}

export const HELD_OUT_VOCABULARY = ['Commercial invoice', 'Our ref', 'Dated', 'Date of supply', 'Recipient', 'Goods / services', 'Billed qty', 'UoM', 'Price per unit', 'Line net', 'Total excl. VAT', 'To be paid', 'settled on or before'];
