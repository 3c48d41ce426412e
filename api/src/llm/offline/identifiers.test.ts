// An identifier whose label the extractor does not know, recognised by its shape when the schema
// has exactly one identifier field (identifiers.ts). Wording invented here.
import { extractOffline } from '.';
import { identifierShaped } from './identifiers';
import { SLIP, date, fieldsOf, num, obj, slipText, str } from './test-fixtures';

const lines = (...middle: string[]) => slipText(...middle, 'Day of sale:   2025-07-19 14:02');

describe('identifier by shape', () => {
  it('knows an identifier from a date, a time, an amount and a word', () => {
    expect(identifierShaped('40417')).toBe(true);
    expect(identifierShaped('ZK-2291-7')).toBe(true);
    expect(identifierShaped('#0093')).toBe(true);
    for (const v of ['2025-07-19', '14:02', '1.234,50', '12.99', 'Tuesday', 'A7']) expect(identifierShaped(v)).toBe(false);
  });

  it('takes the only unclaimed pair holding an identifier ("Bon 40417", "Stub: ZK-2291-7", "#0093")', () => {
    for (const [line, want] of [
      ['Bon 40417', '40417'],
      ['Stub: ZK-2291-7', 'ZK-2291-7'],
      ['Voucher      ZK-2291-7', 'ZK-2291-7'],
      ['#0093', '0093'],
    ] as const) {
      const r = extractOffline(lines(line), SLIP);
      expect(r.data).toMatchObject({ ticket_number: want });
      expect(r.found.find((f) => f.path === 'ticket_number')?.via).toBe('unlabelled-identifier');
    }
  });

  it('takes none when two pairs could be it, or the pair is a contact number', () => {
    expect(extractOffline(lines('Bon 40417', 'Lane 3388'), SLIP).data).not.toHaveProperty('ticket_number');
    expect(extractOffline(lines('Fax 01947 600'), SLIP).data).not.toHaveProperty('ticket_number');
    expect(extractOffline(lines('Phone: 0194760012'), SLIP).data).not.toHaveProperty('ticket_number');
  });

  it('takes none when the schema has two identifier fields', () => {
    const two = obj({ ...fieldsOf(SLIP), order_ref: str('Order reference') });
    expect(extractOffline(lines('Bon 40417'), two).data).not.toHaveProperty('ticket_number');
  });

  it('reads "#0093" on the line whose date was already taken', () => {
    expect(extractOffline(slipText('#0093          2025-07-19 14:02'), SLIP).data).toMatchObject({ ticket_number: '0093', sold_on: '2025-07-19' });
  });

  it('leaves a number of the letterhead (a registration) to the issuer', () => {
    const text = ['HARBOUR KIOSK', 'Firm nr 5550123', '', 'Bon 40417', 'Day of sale:   2025-07-19 14:02', '', 'Amount paid         7.80'].join('\n');
    expect(extractOffline(text, SLIP).data).toMatchObject({ ticket_number: '40417' });
  });

  it('leaves a number whose label names another field\'s thing ("Kiosk no 0042") to that thing', () => {
    const r = extractOffline(lines('Kiosk no 0042', 'Bon 40417'), SLIP);
    expect(r.data).toMatchObject({ ticket_number: '40417' });
    // nor is "no 0042" the kiosk's name
    expect(r.data).not.toHaveProperty('kiosk_name');
  });

  it('weighs a pair found only by an identifier word ("Auth code") with the unlabelled ones: two, none', () => {
    const r = extractOffline(lines('Bon 40417', '', 'Auth code 771204'), SLIP);
    expect(r.data).not.toHaveProperty('ticket_number');
    expect(extractOffline(lines('Auth code 771204'), SLIP).data).toMatchObject({ ticket_number: '771204' });
  });

  it('drops an identifier word read into the value ("Trans. ID 30917")', () => {
    const receipt = obj({ receipt_number: str('Receipt or transaction number'), total: num() });
    expect(extractOffline(['Trans. ID 30917', 'Total: 12.00'].join('\n'), receipt).data).toEqual({ receipt_number: '30917', total: 12 });
  });
});

describe('one of two identifiers named by a word only it uses', () => {
  const schema = obj({
    bill_number: str('Number of the bill'),
    bill_date: date('Date the bill was sent'),
    booking_number: str("The guest's booking number"),
    total: num('Amount to pay'),
  });

  it('reads "Guest booking" and "Client booking #" as the booking number, the bill number staying its own', () => {
    for (const label of ['Guest booking', 'Client booking #']) {
      const text = ['Bill number:  HB-2231', 'Date:         2025-04-02', `${label}:`.padEnd(14) + 'K77-3391', 'Amount to pay: 96.40'].join('\n');
      expect(extractOffline(text, schema).data).toMatchObject({ bill_number: 'HB-2231', booking_number: 'K77-3391' });
    }
  });

  it('takes nothing from a label that also names a date, or one without the distinctive word', () => {
    for (const label of ['Booking date', 'Client code']) {
      const text = ['Bill number:  HB-2231', `${label}:`.padEnd(14) + 'K77-3391', 'Amount to pay: 96.40'].join('\n');
      expect(extractOffline(text, schema).data).not.toHaveProperty('booking_number');
    }
  });
});

