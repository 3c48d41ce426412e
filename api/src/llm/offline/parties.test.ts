// Parties told apart by where they stand and by what the schema says of them (parties.ts): the
// letterhead is the party that made the document — on an order form that is the party the
// schema says placed it — and an unlabelled address block under it names the addressee.
// Documents and wording invented here.
import { extractOffline } from '.';
import type { JSONSchema } from '../types';
import { buildSchemaModel } from './fields';
import { issuerField } from './parties';

const requisition: JSONSchema = {
  type: 'object',
  properties: {
    requisition_ref: { type: 'string', description: 'Requisition number' },
    raised_on: { type: 'string', format: 'date', description: 'Date the requisition was raised' },
    provider_name: { type: 'string', description: 'Firm the materials are requested from' },
    requester_name: { type: 'string', description: 'Organisation that raised the requisition' },
    total: { type: 'number', description: 'Total value' },
  },
};

const billing: JSONSchema = {
  type: 'object',
  properties: {
    vendor_name: { type: 'string', description: 'Name of the firm that sent the bill' },
    bill_number: { type: 'string', description: 'Number of the bill' },
    bill_date: { type: 'string', format: 'date', description: 'Date the bill was sent' },
    client_name: { type: 'string', description: 'Name of the client the bill is for' },
    total: { type: 'number', description: 'Amount to pay' },
  },
};

describe('the issuer party read from the schema', () => {
  it('is the name field whose description shares the document date\'s verb ("raised")', () => {
    const model = buildSchemaModel(requisition);
    expect(issuerField(model)?.name).toBe('requester_name');
  });

  it('falls back to the field its name calls a vendor when no verb is shared', () => {
    const model = buildSchemaModel({
      type: 'object',
      properties: {
        when: { type: 'string', format: 'date', description: 'Day of the visit' },
        vendor_name: { type: 'string' },
        guest_name: { type: 'string' },
      },
    });
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

  it('takes the name heading a block whose next line is an address', () => {
    const text = [...header, 'Elspeth Marrow', '22 Abbey Road', 'YO21 3PR Whitby', '', ...labelled].join('\n');
    const r = extractOffline(text, billing);
    expect(r.data).toMatchObject({ vendor_name: 'Brightwater Print Co', client_name: 'Elspeth Marrow' });
    expect(r.found.find((f) => f.path === 'client_name')?.via).toBe('address-block');
  });

  it('skips a label line of its own heading the block ("Prepared for")', () => {
    const text = [...header, 'Prepared for', 'Elspeth Marrow', '22 Abbey Road', '', ...labelled].join('\n');
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
    const two = [...header, 'Elspeth Marrow', '22 Abbey Road', '', 'Tobias Wren', '9 Church Street', '', ...labelled].join('\n');
    expect(extractOffline(two, billing).data).not.toHaveProperty('client_name');
    const noAddress = [...header, 'Elspeth Marrow', 'Thank you', '', ...labelled].join('\n');
    expect(extractOffline(noAddress, billing).data).not.toHaveProperty('client_name');
  });

  it('takes the only "unknown label: Name" pair whose value has a name\'s shape and no word of the schema', () => {
    const text = [...header, 'Consignee:     Elspeth Marrow', 'Bill type:     Standard Bill', '', ...labelled].join('\n');
    const r = extractOffline(text, billing);
    expect(r.data).toMatchObject({ client_name: 'Elspeth Marrow' });
    expect(r.found.find((f) => f.path === 'client_name')?.via).toBe('name-shape');
  });

  it('takes none of two name-shaped pairs', () => {
    const text = [...header, 'Consignee:     Elspeth Marrow', 'Courier:       Tobias Wren', '', ...labelled].join('\n');
    expect(extractOffline(text, billing).data).not.toHaveProperty('client_name');
  });

  it('never takes a street line for a name', () => {
    const text = [...header, 'Attn:', '', '22 Abbey Road', 'YO21 3PR Whitby', '', ...labelled].join('\n');
    expect(extractOffline(text, billing).data).not.toHaveProperty('client_name');
  });

  it('takes a name standing alone above labelled lines, under a line naming the document', () => {
    const schema: JSONSchema = {
      type: 'object',
      properties: {
        member_name: { type: 'string', description: 'Name of the member' },
        card_number: { type: 'string', description: 'Number of the loyalty card' },
        printed_on: { type: 'string', format: 'date', description: 'Date the card summary was printed' },
        points: { type: 'number', description: 'Points balance' },
      },
    };
    const text = ['Lantern Books', '9 Quay Row', '', 'LOYALTY CARD SUMMARY', 'Tamsin Ferrow', 'Card: 7731-0094', 'Printed 2025-03-02', 'Points balance    412'].join('\n');
    expect(extractOffline(text, schema).data).toMatchObject({ member_name: 'Tamsin Ferrow', card_number: '7731-0094' });
  });

  it('reads "… prepared for Name" however the words before the preposition read', () => {
    const text = [...header, 'Bill prepared for Elspeth Marrow', '', ...labelled].join('\n');
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
    const schema: JSONSchema = {
      type: 'object',
      properties: {
        member_name: { type: 'string', description: 'Name of the member' },
        card_number: { type: 'string', description: 'Number of the loyalty card' },
        printed_on: { type: 'string', format: 'date', description: 'Date the summary was printed' },
      },
    };
    const text = [
      'Tamsin Ferrow                                 Lantern Books',
      '22 Abbey Road                                 9 Quay Row',
      '',
      'Card: 7731-0094',
      'Printed: 2025-03-02',
    ].join('\n');
    expect(extractOffline(text, schema).data).not.toHaveProperty('member_name');
  });

  it('reads a line of words above its value as a label, not as "Label value"', () => {
    const schema: JSONSchema = {
      type: 'object',
      properties: {
        member_name: { type: 'string', description: 'Name of the member' },
        card_number: { type: 'string', description: 'Number of the member card' },
      },
    };
    const text = ['Lantern Books', '', 'MEMBER SINCE', 'SPRING TERM', '', 'Card: 7731-0094'].join('\n');
    expect(extractOffline(text, schema).data).not.toHaveProperty('member_name');
  });

  it('reads the addressee from a column beside the letterhead that a line naming the document heads', () => {
    const schema: JSONSchema = {
      type: 'object',
      properties: {
        member_name: { type: 'string', description: 'Name of the member' },
        card_number: { type: 'string', description: 'Number of the loyalty card' },
        printed_on: { type: 'string', format: 'date', description: 'Date the summary was printed' },
      },
    };
    const text = [
      'Lantern Books                                 Loyalty card summary',
      '9 Quay Row                                    Tamsin Ferrow',
      '                                              22 Abbey Road',
      '',
      'Card: 7731-0094',
      'Printed: 2025-03-02',
    ].join('\n');
    expect(extractOffline(text, schema).data).toMatchObject({ member_name: 'Tamsin Ferrow' });
  });
});

