// Item rows whose cells run over several lines (the visualisation of an e-invoice: a reference
// column of article numbers and GTINs, a gross-price line and notes under each item), read by
// their arithmetic; and what is no item row: a tax breakdown line, a label with its amount,
// totals printed beside a sentence. Every document here is written for the test.
import { extractOffline } from '.';
import { list, num, obj, str } from './test-fixtures';

const INVOICE = obj({
  invoice_number: str('Invoice number'),
  subtotal: num('Total before tax'),
  tax_amount: num('Total tax amount'),
  total_amount: num('Total amount due including tax'),
  line_items: list({ description: str('Item description'), quantity: num('Quantity'), unit_price: num('Unit price'), amount: num('Line amount') }),
});

/** cells at the given columns (a text layer's spacing) */
const at = (...cells: [number, string][]) => cells.reduce((line, [col, text]) => `${line.padEnd(col)}${line.length && line.length >= col ? ' ' : ''}${text}`, '');

const items = (text: string) => ((extractOffline(text, INVOICE).data as { line_items?: Record<string, unknown>[] }).line_items ?? []);

describe('item rows over several lines', () => {
  const visualisation = [
    'Rechnung Nr. 8841 vom 02.03.2025',
    '',
    'Positionen',
    '',
    'Pos    Referenzen        Beschreibung            Nettopreis      Menge Einheit     Steuersatz    Nettobetrag',
    '',
    'Art-Nr-Kunde:          Gartenschlauch blau            2,5000              4 Stk               19%            10,00',
    'Art-Nr-Lieferant: GS20   25 m',
    '4001234500017 (GTIN)',
    '1                 Lieferung gemäß Auftrag vom Vormonat',
    'Bruttopreis :2,5000',
    '',
    'Art-Nr-Kunde:          Blumenerde                     1,2500              8 Sack               7%            10,00',
    'Art-Nr-Lieferant: BE40',
    '4001234500024 (GTIN)',
    '2',
    'Bruttopreis :1,2500',
    '',
    '3              Art-Nr-Kunde:          Rasensamen                3,3000              3 kg               7%              9,90',
    'Art-Nr-Lieferant:        Sport',
    'RS3K               und Spiel',
    '4001234500031 (GTIN)',
    'Bruttopreis :3,3000',
    '',
    'Zu- und Abschläge',
    'Art                         Prozent     Basisbetrag     Basismenge     Steuer          Betrag',
    'Abschlag Treuerabatt                    10,00                          19% UST(S)      -1,00',
    'Abschlag Treuerabatt                    19,90                           7% UST(S)      -2,00',
    'Zuschlag Fracht                         19,90                           7% UST(S)       4,50',
  ].join('\n');

  it('reads each item by quantity × price = amount, its description continued beside the article codes', () => {
    expect(items(visualisation)).toEqual([
      { description: 'Gartenschlauch blau 25 m', quantity: 4, unit_price: 2.5, amount: 10 },
      { description: 'Blumenerde', quantity: 8, unit_price: 1.25, amount: 10 },
      { description: 'Rasensamen Sport und Spiel', quantity: 3, unit_price: 3.3, amount: 9.9 },
    ]);
  });

  it('takes a description that stands under the numbers of its row', () => {
    const text = [
      'Pos          Beschreibung    Nettopreis         Menge         USt.       Betrag',
      '1            Ordner             1,9000        10 Stk         19 %        19,00',
      'OR55A        A5',
      '4001234500048',
      'Bruttopreis : 1,9000',
      '',
      '2                               0,8000        25 Stk          7 %        20,00',
      'Teebeutel',
      'TB25         Pfefferminz',
      '4001234500055',
      'Bruttopreis : 0,8000',
    ].join('\n');
    expect(items(text)).toEqual([
      { description: 'Ordner A5', quantity: 10, unit_price: 1.9, amount: 19 },
      { description: 'Teebeutel Pfefferminz', quantity: 25, unit_price: 0.8, amount: 20 },
    ]);
  });

  it('goes on with a wrapped description the column layout stops at', () => {
    const text = [
      'Menge    Produkt                     USt.     Preis        Gesamtbetrag',
      '2,00      Beratung vor Ort           19%      80,00 €      160,00 €',
      '(Tag): erster Termin',
      '10,00     Kabel: Kupfer, 2 m         19%       1,50 €       15,00 €',
      '4,00      Dübel pro Packung:         19%       2,50 €       10,00 €',
      'Nettobetrag: 185,00 €',
    ].join('\n');
    expect(items(text).map((r) => r.description)).toEqual(['Beratung vor Ort (Tag): erster Termin', 'Kabel: Kupfer, 2 m', 'Dübel pro Packung:']);
  });
});

describe('no item rows', () => {
  const doc = (...lines: string[]) => ['FACTURE N° :     F7781', '', ...lines].join('\n');

  it('a tax breakdown line (category, rate, base, tax) is no item', () => {
    expect(items(doc('Code     Taux       Base TVA        Montant TVA', '', 'S      20,00%           250,00               50,00'))).toEqual([]);
  });

  it('totals printed beside a sentence are no item', () => {
    expect(items(doc('Les paiements anticipés ne donnent pas lieu à escompte.       250,00       50,00       300,00'))).toEqual([]);
  });

  it('a label with its amount is no item', () => {
    expect(items(doc('Conditions générales au verso', '', 'Acompte :             20,00'))).toEqual([]);
  });
});

describe('a label row with its values lines below', () => {
  it('reads the values under the labels past the lines of a paragraph beside them', () => {
    const text = [
      'FACTURE N° :     F7781',
      '',
      at([0, 'Tout retard de paiement entraîne une pénalité calculée sur la base'], [80, 'TOTAL HT'], [97, 'TOTAL TVA'], [116, 'TOTAL TTC']),
      'de trois fois le taux légal. Indemnité forfaitaire pour frais de recouvrement',
      'paiement : 40 €',
      at([0, 'Aucun escompte pour paiement anticipé.'], [79, '250,00'], [99, '50,00'], [123, '300,00']),
    ].join('\n');
    const data = extractOffline(text, INVOICE).data as Record<string, unknown>;
    expect([data.subtotal, data.tax_amount, data.total_amount]).toEqual([250, 50, 300]);
  });
});

describe('the totals of an e-invoice visualisation', () => {
  const itemLines = [
    'Rechnung Nr. 5512 vom 03.04.2025',
    '',
    'Pos    Referenzen        Beschreibung            Nettopreis      Menge Einheit     Steuersatz    Nettobetrag',
    'Art-Nr-Kunde:          Ordner                        24,0000             10 Stk                7%           240,00',
    'Art-Nr-Lieferant: OR10',
    '4001234500062 (GTIN)',
    '1',
    'Bruttopreis :24,0000',
    '',
    'Art-Nr-Kunde:          Tinte                         14,0000              5 Stk               19%            70,00',
    'Art-Nr-Lieferant: TI05',
    '4001234500079 (GTIN)',
    '2',
    'Bruttopreis :14,0000',
    '',
  ];
  const breakdown = [
    'Art (Kategorie)      Warenwert     Zu-/Abschlag     Basisbetrag     Steuersatz [%]     Steuerbetrag',
    'Umsatzsteuer (S)                                     240,00           7                  16,80',
    'Umsatzsteuer (S)                                      60,00          19                  11,40',
    '',
  ];
  const read = (lines: string[]) => {
    const data = extractOffline(lines.join('\n'), INVOICE).data as Record<string, unknown>;
    return [data.subtotal, data.tax_amount, data.total_amount];
  };

  it('the tax is the tax amount, not a tax breakdown row’s base (base, rate, tax)', () => {
    expect(read([...itemLines, ...breakdown, 'Steuerbetrag                             28,20'])[1]).toBe(28.2);
  });

  it('the subtotal is the total without tax, not the sum of the lines before allowances', () => {
    const totals = [
      'Positionssumme                          310,00',
      'Gesamtbetrag der Zuschläge                0,00',
      'Gesamtbetrag der Abschläge              -10,00',
      'Rechnungssumme ohne USt.                300,00',
      'Steuerbetrag                             28,20',
      'Bruttosumme                             328,20',
    ];
    expect(read([...itemLines, ...totals])).toEqual([300, 28.2, 328.2]);
  });

  it('a tax breakdown row in the columns of the items is no item', () => {
    const text = [
      'Pos          Beschreibung    Nettopreis         Menge         USt.       Betrag',
      '1            Ordner            24,0000        10 Stk          7 %       240,00',
      '2            Tinte             12,0000         5 Stk         19 %        60,00',
      '',
      'Art (Kategorie)      Warenwert     Basisbetrag     Steuersatz [%]     Steuerbetrag',
      'Umsatzsteuer (S)                    240,00           7                  16,80',
      'Umsatzsteuer (S)                     60,00          19                  11,40',
    ].join('\n');
    expect(items(text).map((r) => r.description)).toEqual(['Ordner', 'Tinte']);
  });
});

describe('units, currency codes and allowances', () => {
  it('reads a quantity with a unit code and amounts with a currency code', () => {
    const text = [
      'Pos    Referenzen        Beschreibung            Nettopreis      Menge Einheit     Steuersatz    Nettobetrag',
      'Art-Nr-Kunde:          Schrauben M6              0,2500 EUR            40 C62               19%        10,00 EUR',
      'Art-Nr-Lieferant: SM6',
      '4001234500086 (GTIN)',
      '1',
      'Art-Nr-Kunde:          Muttern M6                0,1000 EUR            50 C62               19%         5,00 EUR',
      'Art-Nr-Lieferant: MM6',
      '4001234500093 (GTIN)',
      '2',
    ].join('\n');
    expect(items(text)).toEqual([
      { description: 'Schrauben M6', quantity: 40, unit_price: 0.25, amount: 10 },
      { description: 'Muttern M6', quantity: 50, unit_price: 0.1, amount: 5 },
    ]);
  });

  it('an allowance or a charge on the whole invoice is no item', () => {
    const text = [
      'Rechnung Nr. 5512 vom 03.04.2025',
      '',
      'Zu- und Abschläge',
      'Art                         Prozent     Basisbetrag     Basismenge     Steuer          Betrag',
      'Abschlag Treuerabatt                    10,00                          19% UST(S)      -1,00',
      'Abschlag Treuerabatt                    19,90                           7% UST(S)      -2,00',
      'Zuschlag Fracht                         19,90                           7% UST(S)       4,50',
    ].join('\n');
    expect(items(text)).toEqual([]);
  });
});

describe('the end of an item over several lines', () => {
  it('a page footer under the last item is not its description', () => {
    const text = [
      'Pos    Referenzen        Beschreibung            Nettopreis      Menge Einheit     Steuersatz    Nettobetrag',
      'Art-Nr-Kunde:          Leim                       3,0000              2 Stk               19%             6,00',
      'Art-Nr-Lieferant: LM2',
      'Art-Nr-Kunde:          Pinsel                     1,5000              4 Stk               19%             6,00',
      'Seite 1 von 2',
    ].join('\n');
    expect(items(text).map((r) => r.description)).toEqual(['Leim', 'Pinsel']);
  });
});

describe('an item line that does not add up', () => {
  it('is read by the layout of the lines that do (a line allowance between price and amount)', () => {
    const text = [
      'Pos    Referenzen        Beschreibung            Nettopreis      Menge Einheit     Steuersatz    Nettobetrag',
      'Art-Nr-Kunde:          Leim                       3,0000              2 Stk               19%             6,00',
      'Art-Nr-Lieferant: LM2',
      '4001234500109 (GTIN)',
      '',
      'Art-Nr-Kunde:          Pinsel                     1,5000              4 Stk               19%             5,40',
      'Art-Nr-Lieferant: PN4',
      '4001234500116 (GTIN)',
      '',
      '3           Art-Nr-Kunde:          Spachtel       2,0000              3 Stk               19%             6,00',
      'Art-Nr-Lieferant: SP3',
      '4001234500123 (GTIN)',
    ].join('\n');
    expect(items(text)).toEqual([
      { description: 'Leim', quantity: 2, unit_price: 3, amount: 6 },
      { description: 'Pinsel', quantity: 4, unit_price: 1.5, amount: 5.4 },
      { description: 'Spachtel', quantity: 3, unit_price: 2, amount: 6 },
    ]);
  });
});

describe('a correction invoice', () => {
  it('reads negative quantities with their unit', () => {
    const text = [
      'Pos    Referenzen        Beschreibung            Nettopreis      Menge Einheit     Steuersatz    Nettobetrag',
      'Art-Nr-Kunde:          Leim                       3,0000             -2 Stk               19%            -6,00',
      'Art-Nr-Lieferant: LM2',
      '4001234500109 (GTIN)',
      '1',
      '',
      '2           Art-Nr-Kunde:          Pinsel         1,5000             -4 Stk               19%            -6,00',
      'Art-Nr-Lieferant: PN4',
      '4001234500116 (GTIN)',
    ].join('\n');
    expect(items(text)).toEqual([
      { description: 'Leim', quantity: -2, unit_price: 3, amount: -6 },
      { description: 'Pinsel', quantity: -4, unit_price: 1.5, amount: -6 },
    ]);
  });
});
