import { saveBlob } from './saveBlob';

it('clicks a link named for the file once, removes it and frees the URL after the turn', () => {
  jest.useFakeTimers();
  const created: string[] = [];
  const revoked: string[] = [];
  URL.createObjectURL = jest.fn(() => {
    created.push('blob:1');
    return 'blob:1';
  });
  URL.revokeObjectURL = jest.fn((u: string) => void revoked.push(u));
  const clicks: Array<{ href: string; download: string; attached: boolean }> = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
  });
  try {
    saveBlob(new Blob(['x']), 'invoices-review.csv');
    expect(clicks).toEqual([{ href: 'blob:1', download: 'invoices-review.csv', attached: true }]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
    expect(revoked).toEqual([]);
    jest.runAllTimers();
    expect(revoked).toEqual(created);
  } finally {
    click.mockRestore();
    jest.useRealTimers();
  }
});
