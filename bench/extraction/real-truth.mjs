#!/usr/bin/env node
// Writes bench/extraction/real-truth.json: the expected values of the mustangproject e-invoices,
// derived from the XML each PDF embeds (factur-x.xml, zugferd-invoice.xml, ZUGFeRD-invoice.xml,
// xrechnung.xml; CII, ZUGFeRD 1 or 2). A PDF without such an attachment, or one pdf.js cannot
// open, or whose XML is no invoice (an order), is recorded as excluded with the reason.
//
//   node bench/extraction/real-truth.mjs
//
// Prints the development half's values and only counts for the held-out half.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CORPUS_DIR, TRUTH_FILE, halfOf } from './real-corpus.mjs';

const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');

/** the inner XML of every element with this local name (any namespace prefix) */
function all(xml, name) {
  const re = new RegExp(`<(?:[\\w-]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w-]+:)?${name}>`, 'g');
  return [...xml.matchAll(re)].map((m) => m[1]);
}
const first = (xml, ...path) => {
  let cur = xml;
  for (const name of path) {
    cur = all(cur ?? '', name)[0];
    if (cur === undefined) return null;
  }
  return decode(cur.trim());
};
const decode = (s) => s.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'");
const num = (s) => (s === null || s === undefined || s === '' ? null : Number(s));
const date102 = (s) => (s && /^\d{8}$/.test(s.trim()) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : s ? s.slice(0, 10) : null);

export function truthFromCii(xml) {
  const header = all(xml, 'ExchangedDocument')[0] ?? all(xml, 'HeaderExchangedDocument')[0] ?? '';
  const typeCode = first(header, 'TypeCode');
  const summation = all(xml, 'SpecifiedTradeSettlementHeaderMonetarySummation')[0] ?? all(xml, 'SpecifiedTradeSettlementMonetarySummation').find((x) => /GrandTotalAmount/.test(x)) ?? '';
  const lines = all(xml, 'IncludedSupplyChainTradeLineItem').map((line) => {
    const lineSum = all(line, 'SpecifiedTradeSettlementLineMonetarySummation')[0] ?? all(line, 'SpecifiedTradeSettlementMonetarySummation')[0] ?? '';
    return {
      description: first(line, 'SpecifiedTradeProduct', 'Name'),
      quantity: num(first(line, 'BilledQuantity')),
      unit_price: num(first(line, 'NetPriceProductTradePrice', 'ChargeAmount')),
      amount: num(first(lineSum, 'LineTotalAmount')),
    };
  });
  return {
    typeCode,
    truth: {
      invoice_number: first(header, 'ID'),
      invoice_date: date102(first(header, 'IssueDateTime', 'DateTimeString')),
      seller_name: first(all(xml, 'SellerTradeParty')[0] ?? '', 'Name'),
      buyer_name: first(all(xml, 'BuyerTradeParty')[0] ?? '', 'Name'),
      currency: first(xml, 'InvoiceCurrencyCode'),
      subtotal: num(first(summation, 'TaxBasisTotalAmount')),
      tax_amount: num(first(summation, 'TaxTotalAmount')),
      total_amount: num(first(summation, 'GrandTotalAmount')),
      line_items: lines,
    },
  };
}

async function attachments(bytes) {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    return (await doc.getAttachments()) ?? {};
  } finally {
    await doc.destroy();
  }
}

async function main() {
  const dir = join(CORPUS_DIR, 'mustangproject');
  const documents = {};
  const counts = { dev: 0, 'held-out': 0, excluded: 0 };
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.pdf')).sort()) {
    const half = halfOf(file);
    let entry;
    try {
      const att = await attachments(await readFile(join(dir, file)));
      const xmlName = Object.keys(att).find((n) => /^(factur-x|zugferd-invoice|xrechnung)\.xml$/i.test(n));
      if (/corrupt|invalid|EmptyPDFA1|veraPDF.*fail/i.test(file)) entry = { half, excluded: 'deliberately broken (bad input)' };
      else if (/^doc_/.test(file)) entry = { half, excluded: 'a manual, no invoice' };
      else if (!xmlName) entry = { half, excluded: 'no invoice XML attached' };
      else {
        const xml = new TextDecoder().decode(att[xmlName].content);
        const { typeCode, truth } = truthFromCii(xml);
        if (/ORDER/i.test(file) || typeCode === '220' || /SCRDMCCBDACIOMessageStructure|<rsm:SCRDM/.test(xml)) entry = { half, excluded: 'an order, not an invoice' };
        else if (!truth.invoice_number || truth.total_amount === null) entry = { half, excluded: `no invoice values in ${xmlName}` };
        else entry = { half, xml: xmlName, truth };
      }
    } catch (e) {
      entry = { half, excluded: `unreadable PDF (${String(e.message ?? e).slice(0, 60)})` };
    }
    documents[file] = entry;
    if (entry.excluded) counts.excluded++;
    else counts[half]++;
    if (half === 'dev') console.log(`${file}: ${entry.excluded ?? JSON.stringify({ ...entry.truth, line_items: entry.truth.line_items.length })}`);
  }
  await writeFile(
    TRUTH_FILE,
    JSON.stringify({ about: 'Expected values of the mustangproject e-invoices, from their embedded XML (real-truth.mjs). half: fixed split (real-corpus.mjs).', documents }, null, 1) + '\n',
  );
  console.log(`wrote ${TRUTH_FILE}: ${counts.dev} development and ${counts['held-out']} held-out invoices, ${counts.excluded} excluded`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
