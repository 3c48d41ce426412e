#!/usr/bin/env node
// OCR in the languages invoices come in: speed and character error rate of the ways to choose
// the model, on the same page images in the same run. From the repository root:
//
//   node --import tsx bench/ocr/languages.mjs [--manual-pages 3] [--lanes 2]
//
// Sets, each with its truth:
//   de manual   the first --manual-pages pages of ../shared/corpus/mustangproject/doc_ZugferdDev.de.pdf,
//               rendered at 300 DPI; truth = its text layer (skipped when the corpus is absent)
//   fr invoice  ../shared/corpus/mustangproject/validator_src_test_resources_Facture_F20180027.pdf, page 1
//   generated   one page a language (eng deu fra nld spa ita pol): sentences written here in the
//               way invoices in those languages word them, drawn with canvas (generated, not real
//               documents); truth = what was drawn
// Readers:
//   tesseract eng        Debian's tesseract, its own (fast) English model, one thread, one page at a time
//   tesseract <lang>     the same command with the page's own language model as the product ships it
//                        (the bundled tessdata_best integer model), one thread: the reference for CER
//   product <setting>    the page images as one image-only PDF through runOcr with the processing
//                        pool, --lanes pages at once, OCR_MODEL=fast, for OCR_LANGUAGES=eng, auto
//                        (each page's language told and the page re-read in it) and all seven at once
// Prints pages per second and CER (api/src/processing/ocr/fixtures/accuracy.ts) per set, with the
// load average (the machine is shared). Asserts nothing.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeImagePdf, renderTextImage } from '../../api/src/processing/ocr/fixtures/generate.ts';
import { detectTesseractCli, runOcr, shutdownOcr } from '../../api/src/processing/ocr/index.ts';
import { ProcessingPool } from '../../api/src/pool/index.ts';
import { benchRun } from '../lib/harness.mjs';
import { cer, renderPages } from './pages.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : dflt);
const MANUAL_PAGES = Number(opt('manual-pages', 3));
const LANES = Number(opt('lanes', availableParallelism()));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CORPUS = path.resolve(root, '..', 'shared', 'corpus', 'mustangproject');
const ALL = 'eng+deu+fra+nld+spa+ita+pol';

const run = benchRun();
const work = run.tempDir('quarry-bench-ocr-lang-');
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

// Generated pages: what invoices in these languages say, in their words (written for this bench).
const GENERATED = {
  eng: ['Invoice number 2024-117 dated 3 May 2024', 'Payment is due within thirty days of the invoice date.', 'Thank you for your business and your continued trust.', 'Total amount due including VAT: 1,190.00 EUR'],
  deu: ['Rechnung Nr. 2024-0815 vom 7. Mai 2024', 'Müller & Söhne GmbH, Hauptstraße 12, 80331 München', 'Zahlbar innerhalb von 14 Tagen ohne Abzug. Größere Beträge überweisen Sie bitte.', 'Gesamtbetrag einschließlich Umsatzsteuer: 1.190,00 €'],
  fra: ['Facture n° F-2024-117 du 2 juillet 2024', 'Société Générale des Eaux, 14 rue de la Préfecture, 75001 Paris', 'Règlement à réception, pénalités de retard exigibles dès le lendemain.', 'Montant total TTC à payer : 1 234,56 €'],
  nld: ['Factuurnummer 2024-0042, factuurdatum 12 maart 2024', 'Gelieve het totaalbedrag binnen dertig dagen over te maken.', 'Bij vragen over deze factuur kunt u contact met ons opnemen.', 'Totaal te betalen inclusief btw: € 1.210,00'],
  spa: ['Factura n.º 2024/118, fecha de emisión 5 de marzo de 2024', 'El pago debe realizarse en un plazo de treinta días naturales.', 'Gracias por su confianza. Atención al cliente: teléfono 912 345 678.', 'Importe total con IVA incluido: 1.210,00 €'],
  ita: ['Fattura n. 118/2024 del 5 marzo 2024', 'Il pagamento deve essere effettuato entro trenta giorni dalla data.', 'Perché la consegna sia puntuale, verificate l’indirizzo più sotto.', 'Totale documento IVA compresa: € 1.220,00'],
  pol: ['Faktura VAT nr 118/03/2024 z dnia 5 marca 2024', 'Należność prosimy uregulować w ciągu czternastu dni.', 'Dziękujemy za zamówienie. Sprzedawca: Łódzkie Zakłady Papiernicze Sp. z o.o.', 'Razem do zapłaty: 1 230,00 zł (słownie: tysiąc dwieście trzydzieści złotych)'],
};

async function renderPdfPages(file, pages) {
  const bytes = readFileSync(file);
  const truth = (await runOcr({ bytes, mimeType: 'application/pdf', filename: 'doc.pdf' }, { concurrency: 1, readImages: false, readTimeoutMs: 600_000 })).pages
    .slice(0, Math.max(...pages))
    .map((p) => p.lines.join('\n'));
  return { pngs: await renderPages(bytes, pages), truth: pages.map((p) => truth[p - 1] ?? '') };
}

async function sets() {
  const out = [];
  const manual = path.join(CORPUS, 'doc_ZugferdDev.de.pdf');
  const facture = path.join(CORPUS, 'validator_src_test_resources_Facture_F20180027.pdf');
  if (existsSync(manual)) {
    const r = await renderPdfPages(manual, Array.from({ length: MANUAL_PAGES }, (_, i) => i + 1));
    out.push({ name: `de manual (doc_ZugferdDev.de.pdf, ${r.pngs.length} pages)`, langs: r.pngs.map(() => 'deu'), ...r });
  } else console.log(`corpus absent (${CORPUS}): the real-document sets are skipped`);
  if (existsSync(facture)) {
    const r = await renderPdfPages(facture, [1]);
    out.push({ name: 'fr invoice (Facture_F20180027.pdf, 1 page)', langs: ['fra'], ...r });
  }
  const codes = Object.keys(GENERATED);
  const images = codes.map((c) => renderTextImage(GENERATED[c], { width: 2200, fontSize: 36 }));
  out.push({ name: `generated (${codes.join(' ')}, 1 page each)`, langs: codes, pngs: images.map((i) => i.png), truth: images.map((i) => i.lines.join('\n')) });
  return out;
}

const tesseract = (file, langs, dir) =>
  new Promise((resolve, reject) => {
    const child = spawn('tesseract', [file, 'stdout', ...(dir ? ['--tessdata-dir', dir] : []), '-l', langs, '--psm', '6', '--dpi', '300'], {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });

async function timed(fn) {
  const t0 = performance.now();
  const texts = await fn();
  return { seconds: (performance.now() - t0) / 1000, texts };
}

async function main() {
  console.log(`OCR languages bench: ${availableParallelism()} cores, ${LANES} lanes; load ${load()}`);
  const cli = await detectTesseractCli(undefined, { model: 'fast', languages: 'auto' });
  if (!cli.available) throw new Error(`the tesseract command is needed: ${cli.reason}`);
  const pool = new ProcessingPool({ size: LANES });
  run.onCleanup(() => shutdownOcr());
  run.onCleanup(() => pool.destroy());
  const rows = [];
  for (const set of await sets()) {
    const files = set.pngs.map((png, i) => {
      const f = path.join(work, `${rows.length}-${i + 1}.png`);
      writeFileSync(f, png);
      return f;
    });
    const pdf = await makeImagePdf(set.pngs, { dpi: 300 });
    const n = files.length;
    const add = (what, r, l) => rows.push({ set: set.name, what, pps: n / r.seconds, cer: cer(set.truth, r.texts), load: l });
    let l = load();
    add('tesseract, Debian eng (fast), 1 thread', await timed(async () => { const t = []; for (const f of files) t.push(await tesseract(f, 'eng')); return t; }), l);
    l = load();
    add('tesseract, the page\'s language (bundled best), 1 thread', await timed(async () => { const t = []; for (const [i, f] of files.entries()) t.push(await tesseract(f, set.langs[i], cli.tessdataDir)); return t; }), l);
    for (const languages of ['eng', 'auto', ALL]) {
      l = load();
      const r = await timed(async () => (await runOcr({ bytes: pdf, mimeType: 'application/pdf', filename: 'pages.pdf' }, { concurrency: LANES, model: 'fast', languages, pool, engine: 'tesseract-cli', workDir: work, readTimeoutMs: 600_000, pageTimeoutMs: 600_000 })).pages.map((p) => p.lines.join('\n')));
      add(`product, OCR_LANGUAGES=${languages}, ${LANES} pages at once`, r, l);
    }
  }
  console.log('\n| set | reader | pages/s | CER % | load (1/5/15 min) |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.set} | ${r.what} | ${r.pps.toFixed(3)} | ${(100 * r.cer).toFixed(2)} | ${r.load} |`);
}

run.finish(main);
