// The offline extractor leaves a field empty rather than guess: each fixture below was answered
// with a wrong value before its rule (identifiers that are sentences or quotations, a date that is
// none, an address as a name, a label kept in a name, a letter's date and a currency word taken as
// an invoice's), and each empty field is listed as not found.
import { extractOffline } from './extract';
import { identifierProblem, nameProblem, stripNameLabel, withoutAddress } from './fit';
import type { JSONSchema } from '../types';

const S = (props: Record<string, JSONSchema>): JSONSchema => ({ type: 'object', properties: props });
const str = (description: string): JSONSchema => ({ type: 'string', description });
const INVOICE = S({ vendor_name: str('the vendor'), invoice_number: str('the invoice number'), total: { type: 'number' } });
const notFound = (warnings: string[]) => warnings.filter((w) => w.startsWith('not found: ')).map((w) => w.slice('not found: '.length).split(' ')[0]);

describe('values must fit their fields', () => {
  it('an identifier is no sentence and no quotation', () => {
    const prose = extractOffline('Invoice number: describes the Libtasn1 library\nTotal: 12.00', INVOICE);
    expect(prose.data).toEqual({ total: 12 });
    expect(prose.missing).toContain('invoice_number');
    expect(prose.warnings).toContain('not found: invoice_number ("describes the Libtasn1 library" is a sentence, not an identifier)');
    const quoted = extractOffline('Invoice number: "RE-20171118/506"\nTotal: 12.00', INVOICE);
    expect(quoted.data).toEqual({ total: 12 });
    expect(notFound(quoted.warnings)).toEqual(['invoice_number']);
    // identifiers as they are printed stay
    expect(extractOffline('Invoice number: RE-2017 11/506\nTotal: 12.00', INVOICE).data).toMatchObject({ invoice_number: 'RE-2017 11/506' });
  });

  it('a date field holds a date', () => {
    const r = extractOffline('Invoice number: INV-4\nInvoice date: to be confirmed\nTotal: 3.00', S({ invoice_number: str('the invoice number'), invoice_date: str('the invoice date'), total: { type: 'number' } }));
    expect(r.data).toEqual({ invoice_number: 'INV-4', total: 3 });
    expect(notFound(r.warnings)).toEqual(['invoice_date']);
  });

  it('a name is not an address; an address after a name is taken off', () => {
    const address = extractOffline('Vendor: 12 Harbour Road, Leeds LS1 4AB\nInvoice number: INV-7\nTotal: 9.00', INVOICE);
    expect(address.data).toEqual({ invoice_number: 'INV-7', total: 9 });
    expect(notFound(address.warnings)).toEqual(['vendor_name']);
    expect(extractOffline('Vendor: Maple Leaf Printing, 22 Elm Street\nInvoice number: INV-8\nTotal: 10.00', INVOICE).data).toMatchObject({ vendor_name: 'Maple Leaf Printing' });
  });

  it('a label written before a name is taken off', () => {
    expect(extractOffline('From Maple Leaf Printing\n22 Elm Street\n\nInvoice number: INV-8\nTotal: 10.00', INVOICE).data).toEqual({
      vendor_name: 'Maple Leaf Printing',
      invoice_number: 'INV-8',
      total: 10,
    });
    const seller = S({ seller_name: str('the seller'), invoice_id: str('the invoice id'), amount_payable: { type: 'number' } });
    expect(extractOffline('Seller Nordlicht Software AB\nStorgatan 5\n\nInvoice ID: NS-44\nAmount payable: 10.00', seller).data).toMatchObject({ seller_name: 'Nordlicht Software AB' });
  });

  it('a letter: its date and a currency word are no invoice date and no invoice currency', () => {
    const schema = S({ invoice_number: str('the invoice number'), invoice_date: { type: 'string', format: 'date' }, currency: str('currency') });
    const r = extractOffline('Bristol, 3 April 2024\n\nDear Mrs Whitcombe,\nwe will send the invoice for your treatment. Prices in EUR.', schema);
    expect(r.data).toEqual({});
    expect(notFound(r.warnings).sort()).toEqual(['currency', 'invoice_date']);
    // the same date beside a labelled field of the schema is the document's date
    expect(extractOffline('Bristol, 3 April 2024\nInvoice number: INV-1\nPrices in EUR.', schema).data).toMatchObject({ invoice_number: 'INV-1', invoice_date: '2024-04-03' });
  });

  it('the shapes, one by one', () => {
    expect(identifierProblem('INV-2024-001')).toBeNull();
    expect(identifierProblem('ABC-XYZ')).toBeNull();
    expect(identifierProblem('see the attached list')).not.toBeNull();
    expect(identifierProblem('pending')).not.toBeNull();
    expect(nameProblem('Bank of the West')).toBeNull();
    expect(nameProblem('Müller & Söhne GmbH')).toBeNull();
    expect(nameProblem('Hauptstraße 5, 10115 Berlin')).toBe('an address, not a name');
    expect(nameProblem('the')).toBe('a lower-case word, not a name');
    expect(nameProblem('sales@example.com')).toBe('an e-mail or web address, not a name');
    expect(stripNameLabel('Sold by Corner Cafe')).toBe('Corner Cafe');
    expect(stripNameLabel('Fromage Direct')).toBe('Fromage Direct');
    expect(withoutAddress('Acme Ltd, Unit 9, Foundry Park')).toBe('Acme Ltd');
  });
});
