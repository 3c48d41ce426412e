import { childPath, isUnder, parsePath, pathOf } from './paths';

describe('JSON paths of record values', () => {
  it('writes paths the way provenance does and parses them back', () => {
    expect(pathOf(['items', 2, 'price'])).toBe('$.items[2].price');
    expect(childPath('$', 'unit price')).toBe('$["unit price"]');
    expect(parsePath('$.items[2].price')).toEqual(['items', 2, 'price']);
    expect(parsePath('$["unit price"][0]')).toEqual(['unit price', 0]);
    expect(parsePath(pathOf(['a"b', 1, 'c.d']))).toEqual(['a"b', 1, 'c.d']);
    expect(parsePath('$')).toEqual([]);
  });

  it('refuses what is not a path', () => {
    for (const bad of ['', 'items', '$.', '$[x]', '$.a[', '$..a', '$["a]']) expect(parsePath(bad)).toBeNull();
  });

  it('tells whether a path lies under another', () => {
    expect(isUnder('$.items[2].price', '$.items[2]')).toBe(true);
    expect(isUnder('$.items[2]', '$.items[2]')).toBe(true);
    expect(isUnder('$.items[20]', '$.items[2]')).toBe(false);
    expect(isUnder('$.vendor_name', '$.vendor')).toBe(false);
  });
});
