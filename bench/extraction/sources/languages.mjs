// Source "languages": invoices GENERATED for this bench in Dutch, Spanish, Italian and Polish (the
// real corpus has none), each after the layout its country's invoices usually have:
//  - nl: letterhead with KvK and BTW-nummer, "Factuur", Factuurnummer / Factuurdatum, "Aan" block,
//    Omschrijving / Aantal / Prijs / Bedrag, Subtotaal, BTW 21%, Totaal or Te betalen, IBAN footer;
//  - es: emisor with NIF, "FACTURA", Nº de factura / Fecha de expedición, "Cliente" block,
//    Concepto / Cantidad / Precio / Importe, Base imponible, IVA 21 %, Total factura;
//  - it: "Cedente/prestatore" and "Cessionario/committente" with Partita IVA, "Fattura n. … del …",
//    Descrizione / Quantità / Prezzo unitario / Importo, Imponibile, IVA 22%, Totale documento;
//  - pl: "Faktura VAT nr …", Data wystawienia, Sprzedawca / Nabywca side by side with NIP,
//    Nazwa towaru lub usługi / Ilość / Cena netto / Wartość netto, Razem netto, VAT 23%,
//    Razem brutto, Do zapłaty … zł.
// Numbers are written the way these countries write them (1.234,50; Polish 1 234,50), dates as
// digits or in words. The truth is the generator's values. The development and held-out halves
// come from different seeds and pick label variants, date styles and sellers from the same lists
// (written by the same hand: the held-out half of this source is not blind to its vocabulary).
import { cols, fmtNumber, pad2, round2 } from '../common.mjs';
import { INVOICE_SCHEMA } from '../real-corpus.mjs';

const MONTHS = {
  nl: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  it: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
  pl: ['stycznia', 'lutego', 'marca', 'kwietnia', 'maja', 'czerwca', 'lipca', 'sierpnia', 'września', 'października', 'listopada', 'grudnia'],
};

const L = {
  nl: {
    title: ['FACTUUR', 'Factuur'],
    number: ['Factuurnummer:', 'Factuurnr.:'],
    date: ['Factuurdatum:', 'Datum:'],
    due: 'Vervaldatum:',
    to: ['Aan:', 'Factuuradres:'],
    head: ['Omschrijving', 'Aantal', 'Prijs', 'Bedrag'],
    subtotal: ['Subtotaal', 'Totaal excl. BTW'],
    tax: (r) => [`BTW ${r}%`, `${r}% btw`],
    total: ['Totaal', 'Te betalen', 'Totaal incl. BTW'],
    rate: 21,
    currency: 'EUR',
    money: (n) => `€ ${fmtNumber(n, 'eu')}`,
    dateStyles: ['dash', 'words'],
    sellers: [['Van der Berg Installatietechniek B.V.', 'Industrieweg 14', '3542 AD Utrecht'], ['Bakkerij De Korenschoof', 'Marktstraat 3', '7511 GA Enschede'], ['Jansen & Zn. Schilderwerken', 'Dorpsstraat 88', '1811 KL Alkmaar']],
    buyers: [['Gemeente Zeist', 'Postbus 513', '3700 AM Zeist'], ['Hotel Het Anker B.V.', 'Havenkade 2', '1781 BD Den Helder']],
    goods: ['Arbeidsloon monteur (uur)', 'CV-ketel onderhoud', 'Koperen leiding 15 mm', 'Voorrijkosten', 'Thermostaatkraan', 'Afvoer verwijderen'],
    ids: (r) => [`KvK ${r.int(10000000, 99999999)}`, `BTW-nummer NL${r.int(100000000, 999999999)}B01`],
    bank: (r) => `IBAN NL${r.int(10, 99)} RABO 0${r.int(100000000, 999999999)}`,
  },
  es: {
    title: ['FACTURA', 'Factura'],
    number: ['Nº de factura:', 'Número de factura:'],
    date: ['Fecha de expedición:', 'Fecha:'],
    due: 'Vencimiento:',
    to: ['Cliente:', 'Datos del cliente:'],
    head: ['Concepto', 'Cantidad', 'Precio', 'Importe'],
    subtotal: ['Base imponible', 'Subtotal'],
    tax: (r) => [`IVA ${r}%`, `IVA (${r} %)`],
    total: ['Total factura', 'Importe total', 'TOTAL'],
    rate: 21,
    currency: 'EUR',
    money: (n) => `${fmtNumber(n, 'eu')} €`,
    dateStyles: ['slash', 'words'],
    sellers: [['Talleres Hermanos García S.L.', 'Calle de Alcalá 120', '28009 Madrid'], ['Distribuciones Levante S.A.', 'Avda. del Puerto 45', '46021 Valencia'], ['Carpintería Ruiz', 'Calle Mayor 7', '50001 Zaragoza']],
    buyers: [['Restaurante La Tasca S.L.', 'Plaza Nueva 3', '41001 Sevilla'], ['Comunidad de Propietarios Sol 12', 'Calle del Sol 12', '29001 Málaga']],
    goods: ['Mano de obra (horas)', 'Puerta de roble macizo', 'Bisagras inoxidables', 'Transporte y montaje', 'Barniz incoloro 5 L', 'Revisión anual'],
    ids: (r) => [`NIF B${r.int(10000000, 99999999)}`],
    bank: (r) => `IBAN ES${r.int(10, 99)} 2100 ${r.int(1000, 9999)} ${r.int(10, 99)} ${r.int(1000000000, 9999999999)}`,
  },
  it: {
    title: ['FATTURA', 'Fattura'],
    number: ['Fattura n.', 'Numero fattura:'],
    date: ['Data:', 'Data fattura:'],
    due: 'Scadenza:',
    to: ['Cessionario/committente:', 'Spett.le'],
    head: ['Descrizione', 'Quantità', 'Prezzo unitario', 'Importo'],
    subtotal: ['Imponibile', 'Totale imponibile'],
    tax: (r) => [`IVA ${r}%`, `Imposta IVA ${r}%`],
    total: ['Totale documento', 'Totale da pagare', 'Totale fattura'],
    rate: 22,
    currency: 'EUR',
    money: (n) => `€ ${fmtNumber(n, 'eu')}`,
    dateStyles: ['slash', 'words'],
    sellers: [['Officine Meccaniche Rossi S.r.l.', 'Via Emilia 210', '40133 Bologna (BO)'], ['Studio Tecnico Bianchi', 'Corso Vittorio Emanuele 15', '10121 Torino (TO)'], ['Ferramenta Conti S.n.c.', 'Via Roma 4', '20121 Milano (MI)']],
    buyers: [['Comune di Parma', 'Piazza Garibaldi 1', '43121 Parma (PR)'], ['Trattoria Da Mario S.a.s.', 'Via Toledo 77', '80134 Napoli (NA)']],
    goods: ['Manodopera specializzata (ore)', 'Cuscinetto a sfere 6204', 'Revisione impianto', 'Trasporto', 'Guarnizione in gomma', 'Consulenza tecnica'],
    ids: (r) => [`P. IVA ${r.int(10000000000, 99999999999)}`],
    bank: (r) => `IBAN IT${r.int(10, 99)} X${r.int(10000, 99999)} ${r.int(10000, 99999)} ${r.int(100000000000, 999999999999)}`,
  },
  pl: {
    title: ['FAKTURA VAT', 'Faktura VAT'],
    number: ['Faktura VAT nr', 'Numer faktury:'],
    date: ['Data wystawienia:', 'Data wystawienia'],
    due: 'Termin płatności:',
    to: ['Nabywca:', 'Nabywca:'],
    head: ['Nazwa towaru lub usługi', 'Ilość', 'Cena netto', 'Wartość netto'],
    subtotal: ['Razem netto', 'Wartość netto razem'],
    tax: (r) => [`VAT ${r}%`, `Kwota VAT ${r}%`],
    total: ['Razem brutto', 'Do zapłaty:', 'Razem do zapłaty:'],
    rate: 23,
    currency: 'PLN',
    money: (n) => `${fmtNumber(n, 'space')} zł`,
    dateStyles: ['iso', 'dots'],
    sellers: [['Kowalski i Wspólnicy Sp. z o.o.', 'ul. Marszałkowska 10', '00-590 Warszawa'], ['Zakład Stolarski Nowak', 'ul. Długa 5', '31-147 Kraków'], ['Hurtownia Elektryczna Wiśniewski', 'ul. Portowa 22', '80-001 Gdańsk']],
    buyers: [['Szkoła Podstawowa nr 3', 'ul. Szkolna 1', '60-101 Poznań'], ['Piekarnia Złoty Kłos', 'ul. Rynek 8', '50-101 Wrocław']],
    goods: ['Usługa montażu (godz.)', 'Przewód YDY 3x2,5', 'Gniazdo podwójne', 'Dojazd do klienta', 'Rozdzielnica 12 modułów', 'Przegląd instalacji'],
    ids: (r) => [`NIP ${r.int(100, 999)}-${r.int(100, 999)}-${r.int(10, 99)}-${r.int(10, 99)}`],
    bank: (r) => `Nr konta: ${r.int(10, 99)} 1020 ${r.int(1000, 9999)} 0000 ${r.int(1000, 9999)} ${r.int(1000, 9999)} ${r.int(1000, 9999)}`,
  },
};

function writeDate(lang, iso, style) {
  const [y, m, d] = iso.split('-').map(Number);
  switch (style) {
    case 'dash': return `${pad2(d)}-${pad2(m)}-${y}`;
    case 'slash': return `${pad2(d)}/${pad2(m)}/${y}`;
    case 'dots': return `${pad2(d)}.${pad2(m)}.${y}`;
    case 'iso': return iso;
    default: return lang === 'es' ? `${d} de ${MONTHS.es[m - 1]} de ${y}` : `${d} ${MONTHS[lang][m - 1]} ${y}`;
  }
}

function invoice(rng, lang, half) {
  const v = L[lang];
  const alt = half === 'dev' ? 0 : 1;
  const seller = rng.pick(v.sellers);
  const buyer = rng.pick(v.buyers);
  const y = 2024;
  const iso = `${y}-${pad2(rng.int(1, 12))}-${pad2(rng.int(1, 28))}`;
  const number = lang === 'pl' ? `FV/${rng.int(1, 250)}/${iso.slice(5, 7)}/${y}` : lang === 'es' ? `A-${y}/${rng.int(100, 999)}` : lang === 'it' ? `${rng.int(1, 300)}/${y}` : `${y}-${String(rng.int(1, 999)).padStart(4, '0')}`;
  const items = rng.sample(v.goods, rng.int(2, 5)).map((description) => {
    const quantity = rng.int(1, 9);
    const unit_price = round2(rng.int(500, 40000) / 100);
    return { description, quantity, unit_price, amount: round2(quantity * unit_price) };
  });
  const subtotal = round2(items.reduce((s, i) => s + i.amount, 0));
  const tax = round2((subtotal * v.rate) / 100);
  const total = round2(subtotal + tax);
  const dateText = writeDate(lang, iso, v.dateStyles[rng.int(0, 1)]);
  const pick2 = (list) => list[(alt + rng.int(0, 1)) % list.length];
  const W = [44, -8, -16, -16];
  const lines = [];
  const ids = v.ids(rng);
  if (lang === 'pl') {
    lines.push(`**${v.title[alt]} nr ${number}`, '', `${pick2([v.date[0], v.date[1]])} ${dateText}`, '');
    lines.push(cols(['Sprzedawca:', 'Nabywca:'], [48, 44]));
    lines.push(cols([seller[0], buyer[0]], [48, 44]), cols([seller[1], buyer[1]], [48, 44]), cols([seller[2], buyer[2]], [48, 44]), cols([ids[0], `NIP ${rng.int(100, 999)}-${rng.int(100, 999)}-${rng.int(10, 99)}-${rng.int(10, 99)}`], [48, 44]), '');
  } else if (lang === 'it') {
    lines.push('Cedente/prestatore:', `**${seller[0]}`, seller[1], seller[2], ids[0], '');
    lines.push(`${v.to[alt]}`, buyer[0], buyer[1], buyer[2], `P. IVA ${rng.int(10000000000, 99999999999)}`, '');
    lines.push(alt ? `${v.number[1]} ${number}` : `**${v.title[0]} n. ${number} del ${dateText}`, alt ? `${v.date[1]} ${dateText}` : '', '');
  } else {
    lines.push(`**${seller[0]}`, seller[1], seller[2], ...ids, '', `**${v.title[alt]}`, '');
    lines.push(`${pick2(v.number)} ${number}`, `${pick2(v.date)} ${dateText}`, '');
    lines.push(pick2(v.to), buyer[0], buyer[1], buyer[2], '');
  }
  lines.push(cols(v.head, W), '-'.repeat(84));
  for (const it of items) lines.push(cols([it.description, String(it.quantity), fmtNumber(it.unit_price, lang === 'pl' ? 'space' : 'eu'), fmtNumber(it.amount, lang === 'pl' ? 'space' : 'eu')], W));
  lines.push('-'.repeat(84));
  const S = [68, -16];
  lines.push(cols([pick2(v.subtotal), v.money(subtotal)], S), cols([pick2(v.tax(v.rate)), v.money(tax)], S), `**${cols([v.total[(alt * 2 + rng.int(0, 1)) % 3], v.money(total)], S)}`, '');
  lines.push(v.bank(rng));
  return {
    kind: 'invoice',
    lang,
    schema: INVOICE_SCHEMA,
    rowsKey: 'line_items',
    pages: [lines],
    truth: { invoice_number: number, invoice_date: iso, seller_name: seller[0], buyer_name: buyer[0], currency: v.currency, subtotal, tax_amount: tax, total_amount: total, line_items: items },
  };
}

export const GENERATED_LANGUAGES = Object.keys(L);

/** `perLanguage` invoices for each of nl, es, it, pl */
export function generateLanguages(rng, half, perLanguage) {
  const docs = [];
  for (const lang of GENERATED_LANGUAGES) for (let i = 0; i < perLanguage; i++) docs.push({ source: 'generated', ...invoice(rng, lang, half) });
  return docs;
}
