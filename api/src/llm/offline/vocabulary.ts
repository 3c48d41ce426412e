// Labels of invoice and receipt fields in German, French, Dutch, Spanish, Italian and Polish, as
// invoices in those languages print them, and the few Malay ones receipts from Malaysia print
// (English ones are in labels.ts). Each entry is compared after normalizeLabel: lower case,
// accents dropped ("Verkäufer" = "verkaufer"), articles and "of" dropped ("Numéro de facture" =
// "numero facture"), and "Nr.", "n°", "nº", "Nummer", "numéro", "número", "numer" read as
// "number". So "Rechnung Nr.", "Facture n°", "Nº de factura", "Fattura n.", "Faktura nr" all meet
// "<invoice word> number" below.
// See docs/product/extraction-rules.md.

/** the word for "invoice" in each language, German's compound form included */
const INVOICE_WORDS = [
  'rechnung', 'rechnungs', 'facture', 'factuur', 'factura', 'fattura', 'faktura', 'faktury', 'faktura vat', 'handelsrechnung', 'beleg', 'dokument',
  // a credit note is an invoice that refunds (EN 16931's type 381): its number is the document's
  'gutschrift', 'gutschrifts', 'credit note', 'avoir', 'creditnota', 'nota credito', 'nota di credito', 'nota de credito', 'faktura korygujaca', 'korekta',
];

export const INVOICE_NUMBER = [
  ...INVOICE_WORDS.flatMap((w) => [`${w} number`, `number ${w}`]),
  'rechnungsnummer', 'rechnungsnr', 'belegnummer', 'belegnr', 'factuurnummer', 'factuurnr', 'numero documento', 'numer dokumentu',
  'gutschriftsnummer', 'gutschriftnummer', 'dokumentnummer', 'creditnotanummer',
];

export const RECEIPT_NUMBER = ['belegnummer', 'beleg number', 'numero ticket', 'kassenbon number', 'numer paragonu', 'numero scontrino'];

export const ORDER_NUMBER = ['bestellnummer', 'bestellung number', 'auftragsnummer', 'auftrag number', 'commande number', 'number commande', 'bon commande', 'bestelnummer', 'number pedido', 'pedido', 'ordine number', 'number ordine', 'zamowienie number', 'number zamowienia'];

export const ISSUE_DATE = [
  'datum', 'rechnungsdatum', 'belegdatum', 'ausstellungsdatum', 'rechnung datum', 'date facture', 'facture date', 'date emission', 'date d emission',
  'factuurdatum', 'factuur datum', 'fecha', 'fecha factura', 'fecha expedicion', 'fecha emision', 'data', 'data fattura', 'data documento', 'data emissione',
  'data wystawienia', 'data faktury',
  // "Datum der Rechnung", "Date de facturation"
  'datum rechnung', 'date facturation',
  // a credit note's date
  'gutschriftsdatum', 'datum gutschrift', 'gutschrift datum', 'credit note date', 'date avoir', 'avoir date', 'creditnota datum', 'creditnotadatum', 'dokumentdatum', 'data nota credito',
];

export const DUE_DATE = ['fallig', 'falligkeit', 'falligkeitsdatum', 'zahlbar bis', 'zahlungsziel', 'echeance', 'date echeance', 'vervaldatum', 'vervaldag', 'uiterste betaaldatum', 'vencimiento', 'fecha vencimiento', 'scadenza', 'data scadenza', 'termin platnosci', 'termin zapłaty'];

/**
 * German amounts are named by a word for a sum and what it holds: "Gesamtbetrag brutto",
 * "Netto-Betrag", "Rechnungsbetrag ohne USt.", "Summe MwSt.", "Umsatzsteuerbetrag". These words
 * compose the labels below (after normalizeLabel: lower case, no accents or punctuation).
 */
const DE_SUMS = ['summe', 'betrag', 'gesamt', 'gesamtbetrag', 'gesamtsumme', 'rechnungsbetrag', 'rechnungssumme', 'endbetrag', 'endsumme', 'warenwert', 'rechnungswert', 'gesamtwert'];
const DE_TAXES = ['mwst', 'ust', 'umsatzsteuer', 'mehrwertsteuer'];
const DE_GROSS = DE_SUMS.flatMap((s) => [`${s} brutto`, `brutto ${s}`, ...DE_TAXES.flatMap((t) => [`${s} inkl ${t}`, `${s} einschl ${t}`, `${s} einschliesslich ${t}`, `${s} mit ${t}`])]);
const DE_NET = DE_SUMS.flatMap((s) => [`${s} netto`, `netto ${s}`, ...DE_TAXES.flatMap((t) => [`${s} ohne ${t}`, `${s} exkl ${t}`, `${s} excl ${t}`])]);
const DE_TAX = [...DE_SUMS.flatMap((s) => DE_TAXES.flatMap((t) => [`${s} ${t}`, `${t} ${s}`])), ...DE_TAXES.map((t) => `${t}betrag`)];

/**
 * The names EN 16931 (the European e-invoice standard) gives the document totals, as e-invoice
 * viewers print them: BT-109 "Invoice total amount without VAT", BT-110 "Invoice total VAT amount",
 * BT-112 "Invoice total amount with VAT", BT-115 "Amount due for payment", in English, German and
 * French.
 */
const STANDARD_TOTAL = [
  'invoice total amount with vat', 'total amount with vat', 'amount due for payment',
  'gesamtbetrag rechnung einschliesslich umsatzsteuer', 'gesamtbetrag rechnung inkl umsatzsteuer', 'falliger betrag', 'zu zahlender betrag', 'zahlbetrag',
  'montant total facture ttc', 'montant total ttc', 'montant net a payer', 'total net a payer',
];
const STANDARD_SUBTOTAL = [
  'invoice total amount without vat', 'total amount without vat', 'total without vat', 'total excl vat', 'total excluding vat', 'total net',
  'gesamtbetrag rechnung ohne umsatzsteuer',
  'montant total facture ht', 'montant total ht',
];
const STANDARD_TAX = ['invoice total vat amount', 'total vat amount', 'total vat', 'vat total', 'total gst', 'gst total', 'summe umsatzsteuer', 'montant total tva', 'total montant tva'];

export const TOTAL = [
  ...DE_GROSS, ...STANDARD_TOTAL,
  'gesamtbetrag', 'gesamtsumme', 'rechnungsbetrag', 'endbetrag', 'zahlbetrag', 'zu zahlen', 'bruttosumme', 'bruttobetrag', 'gesamt brutto', 'summe brutto', 'rechnungssumme brutto', 'brutto', 'gesamt', 'summe', 'endsumme',
  'total ttc', 'montant total', 'montant ttc', 'total a payer', 'montant a payer', 'net a payer', 'total facture',
  'totaal', 'te betalen', 'totaal incl btw', 'totaalbedrag', 'totaal te betalen', 'totaal bedrag',
  'importe total', 'total factura', 'total a pagar', 'importe a pagar',
  'totale', 'totale documento', 'totale da pagare', 'totale fattura', 'importo totale', 'totale complessivo',
  'razem brutto', 'do zapłaty', 'razem do zapłaty', 'kwota brutto', 'wartosc brutto', 'suma brutto', 'ogółem',
  // receipts: "Total (inclusive of GST)", "Rounded total", "Nett total", "Total sales (incl GST)"
  'total inclusive gst', 'total incl gst', 'rounded total', 'total rounded', 'nett total', 'total sale', 'total sales inclusive gst', 'total sales incl gst', 'total amount payable', 'net total incl gst',
  'total bill', 'bill total', 'total invoice', 'sales total', 'round total', 'total after rounding', 'net payable', 'payable amount',
  'total nett', 'nett amount', 'nett amount payable', 'bill amount', 'total bill amount', 'rounded amount', 'total after adjustment', 'total adjusted',
  // Malay, which receipts from Malaysia print beside English ("JUMLAH BESAR" is the grand total)
  'jumlah', 'jumlah besar', 'jumlah keseluruhan', 'jumlah bayaran',
];

export const SUBTOTAL = [
  ...DE_NET, ...STANDARD_SUBTOTAL,
  'nettobetrag', 'netto', 'summe netto', 'gesamt netto', 'zwischensumme', 'rechnungssumme netto', 'nettosumme', 'warenwert', 'positionssumme', 'rechnungssumme',
  'rechnungssumme ohne ust', 'rechnungssumme ohne mwst', 'summe ohne ust', 'summe ohne mwst', 'gesamtbetrag ohne ust', 'gesamtbetrag ohne mwst', 'gesamtsumme ohne ust', 'gesamtsumme ohne mwst',
  'total ht', 'montant ht', 'sous total', 'total hors taxe',
  'subtotaal', 'totaal excl btw', 'netto bedrag',
  'base imponible', 'subtotal', 'importe neto',
  // receipts: "Total Sales (Excluding GST)"
  'total excluding gst', 'total sales excluding gst', 'total excl gst', 'total sales excl gst', 'total exclusive gst',
  'imponibile', 'totale imponibile', 'imponibile totale',
  'razem netto', 'wartosc netto razem', 'suma netto', 'wartosc netto',
  'jumlah kecil',
];

/**
 * The sum of the item lines ("Positionssumme"): the subtotal only where no total without tax is
 * printed, for allowances and charges on the whole invoice stand between the two.
 */
export const LINE_SUM = ['positionssumme', 'summe positionen', 'summe aller positionen', 'nettosumme aller positionen', 'total lignes', 'somme lignes', 'sum invoice line net amount', 'sum invoice line net amounts'];

export const TAX = [
  ...DE_TAX, ...STANDARD_TAX,
  'mwst', 'ust', 'mehrwertsteuer', 'umsatzsteuer', 'steuerbetrag', 'steuer', 'zzgl mwst', 'zzgl ust', 'zuzuglich mwst', 'zuzuglich ust', 'ust gesamt', 'mwst gesamt', 'mwst betrag', 'ust betrag', 'enthaltene mwst', 'inkl mwst',
  'tva', 'montant tva', 'total tva',
  'btw', 'btw bedrag', 'totaal btw',
  'iva', 'cuota iva', 'importe iva', 'total iva',
  'imposta', 'totale iva', 'importo iva', 'imposta iva',
  'kwota vat', 'podatek vat', 'vat razem', 'razem vat',
  'cukai', 'jumlah cukai',
];

/**
 * The heading of the bank details' block a document asks to be paid to ("Bénéficiaire" / "NOM :
 * …"): its issuer. Not an account holder's label beside a value ("Kontoinhaber: Max Mustermann"):
 * that is often the owner, not the company.
 */
export const BENEFICIARY = ['beneficiary', 'beneficiaire', 'zahlungsempfanger', 'begunstigde', 'beneficiario'];

export const SELLER = ['von', 'rechnungsaussteller', 'auftragnehmer', 'verkaufer', 'lieferant', 'rechnungssteller', 'absender', 'vendeur', 'fournisseur', 'emetteur', 'leverancier', 'verkoper', 'emisor', 'proveedor', 'vendedor', 'cedente prestatore', 'cedente', 'fornitore', 'venditore', 'sprzedawca', 'wystawca'];

export const BUYER = [
  'kaufer', 'kunde', 'rechnungsempfanger', 'empfanger', 'kaufer leistungsempfanger', 'leistungsempfanger', 'rechnungsadresse', 'acheteur', 'destinataire', 'adresse client', 'facturé à', 'klant', 'afnemer', 'aan', 'factuuradres',
  'cliente', 'comprador', 'destinatario', 'datos cliente', 'cessionario committente', 'cessionario', 'committente', 'nabywca', 'odbiorca',
  // "Rechnungsanschrift", "Auftraggeber", "Adresse de facturation"
  'rechnungsanschrift', 'auftraggeber', 'adresse facturation',
];

export const CURRENCY = ['wahrung', 'rechnungswahrung', 'devise', 'valuta', 'munt', 'moneda', 'divisa', 'waluta'];

export const QUANTITY = ['menge', 'anzahl', 'quantite', 'qte', 'aantal', 'cantidad', 'cant', 'uds', 'quantita', 'qta', 'ilość', 'ilosc'];

export const UNIT_PRICE = ['einzelpreis', 'preis', 'nettopreis', 'stuckpreis', 'prix unitaire', 'prix', 'pu ht', 'pu', 'prijs', 'stuksprijs', 'prijs per stuk', 'precio', 'precio unitario', 'prezzo', 'prezzo unitario', 'cena', 'cena netto', 'cena jednostkowa', 'cena jedn netto'];

export const LINE_AMOUNT = ['betrag', 'gesamtpreis', 'nettobetrag', 'montant', 'montant ht', 'bedrag', 'importe', 'importo', 'wartosc', 'wartosc netto', 'totaal'];

export const DESCRIPTION = ['bezeichnung', 'beschreibung', 'artikel', 'artikelbeschreibung', 'leistung', 'designation', 'libelle', 'omschrijving', 'concepto', 'descripcion', 'articulo', 'descrizione', 'articolo', 'nazwa', 'nazwa towaru lub usługi', 'towar usługa'];

/** labels that close a line-item table: its totals, tax and payment lines */
export const TABLE_END_WORDS = [
  'summe', 'gesamt', 'gesamtbetrag', 'zwischensumme', 'netto', 'nettobetrag', 'mwst', 'ust', 'zzgl', 'zuzuglich', 'rechnungssumme', 'bruttosumme', 'zahlbetrag', 'positionssumme',
  'umsatzsteuer', 'mehrwertsteuer', 'steuerbetrag', 'steueraufschlusselung', 'umsatzsteueraufschlusselung', 'belegsummen', 'zahlungsbedingungen',
  'total ht', 'total ttc', 'tva', 'sous total', 'net a payer',
  'subtotaal', 'totaal', 'btw', 'te betalen',
  'base imponible', 'iva', 'importe total',
  'imponibile', 'totale', 'imposta',
  'razem', 'do zapłaty', 'suma',
];

/**
 * The first word of an allowance or a charge on the whole invoice ("Abschlag Treuerabatt",
 * "Zuschlag Fracht", "Remise : remise fidélité"): such a line is no item.
 */
export const ALLOWANCE_WORDS = ['abschlag', 'zuschlag', 'nachlass', 'rabatt', 'skonto', 'remise', 'escompte', 'korting', 'toeslag', 'descuento', 'recargo', 'sconto', 'maggiorazione', 'rabat', 'upust', 'discount'];

/** document titles in these languages (a title is no party's name) */
export const TITLES = ['rechnung', 'handelsrechnung', 'gutschrift', 'quittung', 'kassenbon', 'facture', 'avoir', 'factuur', 'creditnota', 'factura', 'fattura', 'ricevuta', 'scontrino', 'faktura', 'faktura vat', 'paragon', 'recibo', 'bon'];
