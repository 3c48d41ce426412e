import { sortQuery } from './common';

const Files = sortQuery(['created_at', 'filename'] as const, { sort: 'created_at', order: 'desc' });

describe('sortQuery', () => {
  it('takes the list defaults when nothing is asked', () => {
    expect(Files.parse({})).toEqual({ sort: 'created_at', order: 'desc' });
  });

  it('accepts a named column and an order', () => {
    expect(Files.parse({ sort: 'filename', order: 'asc' })).toEqual({ sort: 'filename', order: 'asc' });
  });

  it('refuses another column and names the allowed ones', () => {
    const r = Files.safeParse({ sort: 'password_hash' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('sort must be one of: created_at, filename');
  });

  it('refuses an order other than asc or desc', () => {
    expect(Files.safeParse({ order: 'sideways' }).error?.issues[0]?.message).toBe('order must be asc or desc');
  });
});
