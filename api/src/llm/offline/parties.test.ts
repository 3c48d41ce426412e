// Parties told apart by where they stand and by what the schema says of them (parties.ts): the
// letterhead is the party that made the document — on an order form that is the party the
// schema says placed it — and an unlabelled address block under it names the addressee.
// Documents and wording invented here.
import { extractOffline } from '.';
import { buildSchemaModel } from './fields';
import { issuerField } from './parties';
import { date, fieldsOf, num, obj, str } from './test-fixtures';

const requisition = obj({
  requisition_ref: str('Requisition number'),
  raised_on: date('Date the requisition was raised'),
  provider_name: str('Firm the materials are requested from'),
  requester_name: str('Organisation that raised the requisition'),
  total: num('Total value'),
});

const billing = obj({
  vendor_name: str('Name of the firm that sent the bill'),
  bill_number: str('Number of the bill'),
  bill_date: date('Date the bill was sent'),
  client_name: str('Name of the client the bill is for'),
  total: num('Amount to pay'),
});

const member = obj({
  member_name: str('Name of the member'),
  card_number: str('Number of the loyalty card'),
  printed_on: date('Date the summary was printed'),
});

describe('the issuer party read from the schema', () => {
  it('is the name field whose description shares the document date\'s verb ("raised")', () => {
    const model = buildSchemaModel(requisition);
    expect(issuerField(model)?.name).toBe('requester_name');
  });

  it('falls back to the field its name calls a vendor when no verb is shared', () => {
    const model = buildSchemaModel(obj({ when: date('Day of the visit'), vendor_name: str(), guest_name: str() }));
    expect(issuerField(model)?.name).toBe('vendor_name');
  });

  it('gives the letterhead of a requisition to the requester, not to the provider', () => {
    const text = [
      'Harrowgate Dental Practice',
      '4 Mill Lane, Otley',
      '',
      'Requisition number:   RQ-5581',
      'Date raised:          2025-02-11',
      'Provider:             Quayside Medical Supplies',
      '',
      'Total value:          412.00',
    ].join('\n');
    const r = extractOffline(text, requisition);
    expect(r.data).toMatchObject({ requester_name: 'Harrowgate Dental Practice', provider_name: 'Quayside Medical Supplies', requisition_ref: 'RQ-5581' });
  });
});

describe('the addressee from an unlabelled address block', () => {
  const header = ['Brightwater Print Co', '17 Dock Street, Whitby', ''];
  const labelled = ['Bill number:   BW-3310', 'Date of bill:  2025-05-02', 'Amount to pay: 96.40'];
  /** the bill with `block` between its letterhead and its labelled lines */
  const bill = (...block: string[]) => [...header, ...block, '', ...labelled].join('\n');

  it('takes the name heading a block whose next line is an address', () => {
    const text = bill('Elspeth Marrow', '22 Abbey Road', 'YO21 3PR Whitby');
    const r = extractOffline(text, billing);
    expect(r.data).toMatchObject({ vendor_name: 'Brightwater Print Co', client_name: 'Elspeth Marrow' });
    expect(r.found.find((f) => f.path === 'client_name')?.via).toBe('address-block');
  });

  it('skips a label line of its own heading the block ("Prepared for")', () => {
    const text = bill('Prepared for', 'Elspeth Marrow', '22 Abbey Road');
    expect(extractOffline(text, billing).data).toMatchObject({ client_name: 'Elspeth Marrow' });
  });

  it('reads the right-hand column when the letterhead and the addressee share their lines', () => {
    const text = [
      'Brightwater Print Co                          Elspeth Marrow',
      '17 Dock Street, Whitby                        22 Abbey Road',
      '                                              YO21 3PR Whitby',
      '',
      ...labelled,
    ].join('\n');
    expect(extractOffline(text, billing).data).toMatchObject({ vendor_name: 'Brightwater Print Co', client_name: 'Elspeth Marrow' });
  });

  it('leaves the field empty when two blocks could be the addressee, or the block has no address', () => {
    const two = bill('Elspeth Marrow', '22 Abbey Road', '', 'Tobias Wren', '9 Church Street');
    expect(extractOffline(two, billing).data).not.toHaveProperty('client_name');
    const noAddress = bill('Elspeth Marrow', 'Thank you');
    expect(extractOffline(noAddress, billing).data).not.toHaveProperty('client_name');
  });

  it('takes the only "unknown label: Name" pair whose value has a name\'s shape and no word of the schema', () => {
    const text = bill('Consignee:     Elspeth Marrow', 'Bill type:     Standard Bill');
    const r = extractOffline(text, billing);
    expect(r.data).toMatchObject({ client_name: 'Elspeth Marrow' });
    expect(r.found.find((f) => f.path === 'client_name')?.via).toBe('name-shape');
  });

  it('takes none of two name-shaped pairs', () => {
    const text = bill('Consignee:     Elspeth Marrow', 'Courier:       Tobias Wren');
    expect(extractOffline(text, billing).data).not.toHaveProperty('client_name');
  });

  it('never takes a street line for a name', () => {
    const text = bill('Attn:', '', '22 Abbey Road', 'YO21 3PR Whitby');
    expect(extractOffline(text, billing).data).not.toHaveProperty('client_name');
  });

  it('takes a name standing alone above labelled lines, under a line naming the document', () => {
    const schema = obj({ ...fieldsOf(member), printed_on: date('Date the card summary was printed'), points: num('Points balance') });
    const text = ['Lantern Books', '9 Quay Row', '', 'LOYALTY CARD SUMMARY', 'Tamsin Ferrow', 'Card: 7731-0094', 'Printed 2025-03-02', 'Points balance    412'].join('\n');
    expect(extractOffline(text, schema).data).toMatchObject({ member_name: 'Tamsin Ferrow', card_number: '7731-0094' });
  });

  it('reads "… prepared for Name" however the words before the preposition read', () => {
    const text = bill('Bill prepared for Elspeth Marrow');
    expect(extractOffline(text, billing).data).toMatchObject({ client_name: 'Elspeth Marrow' });
  });

  it('never takes a line naming the document ("Client bill") for a name', () => {
    const text = [
      'Brightwater Print Co                          Client bill',
      '17 Dock Street, Whitby                        Ref 2025/118',
      '',
      ...labelled,
    ].join('\n');
    expect(extractOffline(text, billing).data).not.toHaveProperty('client_name');
  });

  it('reads a column of labels with their values beside them as pairs, not as a row of labels', () => {
    const text = [...header, 'Client        Elspeth Marrow', 'Job           Run 118', 'Date of bill  2025-05-02', '', 'Bill number: BW-3310', 'Amount to pay: 96.40'].join('\n');
    expect(extractOffline(text, billing).data).toMatchObject({ client_name: 'Elspeth Marrow', bill_number: 'BW-3310' });
  });

  it('takes no name beside a letterhead when nothing says which column made the document', () => {
    const text = [
      'Tamsin Ferrow                                 Lantern Books',
      '22 Abbey Road                                 9 Quay Row',
      '',
      'Card: 7731-0094',
      'Printed: 2025-03-02',
    ].join('\n');
    expect(extractOffline(text, member).data).not.toHaveProperty('member_name');
  });

  it('reads a line of words above its value as a label, not as "Label value"', () => {
    const schema = obj({ member_name: str('Name of the member'), card_number: str('Number of the member card') });
    const text = ['Lantern Books', '', 'MEMBER SINCE', 'SPRING TERM', '', 'Card: 7731-0094'].join('\n');
    expect(extractOffline(text, schema).data).not.toHaveProperty('member_name');
  });

  it('reads the addressee from a column beside the letterhead that a line naming the document heads', () => {
    const text = [
      'Lantern Books                                 Loyalty card summary',
      '9 Quay Row                                    Tamsin Ferrow',
      '                                              22 Abbey Road',
      '',
      'Card: 7731-0094',
      'Printed: 2025-03-02',
    ].join('\n');
    expect(extractOffline(text, member).data).toMatchObject({ member_name: 'Tamsin Ferrow' });
  });
});

