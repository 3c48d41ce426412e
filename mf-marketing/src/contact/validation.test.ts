import { CONTACT_ERRORS, toContactPayload, validateContact, type ContactFormValues } from './validation';

const ok: ContactFormValues = { name: 'Ada', email: 'ada@example.com', message: 'Hello there, Quarry!', contactType: 'bug' };

describe('validateContact', () => {
  it('accepts a complete message', () => {
    expect(validateContact(ok)).toBeNull();
  });

  it.each(['name', 'email', 'message', 'contactType'] as const)('requires %s', (field) => {
    expect(validateContact({ ...ok, [field]: '' })).toEqual({ message: 'All fields are required.', fields: [field] });
  });

  it('counts whitespace-only fields as empty and reports every empty field', () => {
    expect(validateContact({ name: '  ', email: '', message: '\n', contactType: 'support' })).toEqual({
      message: CONTACT_ERRORS.required,
      fields: ['name', 'email', 'message'],
    });
  });

  it.each(['ada', 'ada@', 'ada@example', '@example.com', 'a da@example.com', 'ada@@example.com'])('rejects the address %p', (email) => {
    expect(validateContact({ ...ok, email })?.message).toBe('Invalid email format.');
  });

  it('checks the message length after trimming', () => {
    expect(validateContact({ ...ok, message: '   123456789   ' })?.message).toBe('Message must be at least 10 characters long.');
    expect(validateContact({ ...ok, message: '  1234567890  ' })).toBeNull();
  });

  it('reports the required error before the format errors', () => {
    expect(validateContact({ ...ok, name: '', email: 'nope' })?.message).toBe('All fields are required.');
  });

  it('rejects an unknown contact type', () => {
    expect(validateContact({ ...ok, contactType: 'sales' as never })?.message).toBe('All fields are required.');
  });

  it('builds the trimmed payload', () => {
    expect(toContactPayload({ name: ' Ada ', email: ' ada@example.com ', message: ' Hello there! ', contactType: 'feature' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Hello there!',
      contactType: 'feature',
    });
  });
});
