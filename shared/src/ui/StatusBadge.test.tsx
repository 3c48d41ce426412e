import { screen } from '@testing-library/react';
import { renderUi } from '../testing/render';
import { StatusBadge, statusColorPalette, validityStatus } from './StatusBadge';

describe('job status colours', () => {
  it.each([
    ['completed', 'green'],
    ['failed', 'red'],
    ['running', 'blue'],
    ['queued', 'yellow'],
    ['COMPLETED', 'green'],
    ['pending', 'gray'],
    ['processing', 'gray'],
    ['cancelled', 'gray'],
    ['error', 'gray'],
    ['', 'gray'],
  ])('%s → %s', (status, palette) => expect(statusColorPalette(status)).toBe(palette));

  it('unset → gray', () => {
    expect(statusColorPalette(undefined)).toBe('gray');
    expect(statusColorPalette(null)).toBe('gray');
  });
});

describe('file validity and dataset colours', () => {
  it.each([
    ['valid', 'green'],
    ['invalid', 'red'],
    ['pending', 'yellow'],
  ])('validity %s → %s', (s, p) => expect(statusColorPalette(s, 'validity')).toBe(p));

  it.each([
    ['active', 'green'],
    ['archived', 'orange'],
    ['deleted', 'red'],
    ['other', 'gray'],
  ])('dataset %s → %s', (s, p) => expect(statusColorPalette(s, 'dataset')).toBe(p));

  it('is_valid true/false/unset → valid/invalid/pending', () => {
    expect([true, false, null, undefined].map(validityStatus)).toEqual(['valid', 'invalid', 'pending', 'pending']);
  });
});

it('renders a Chakra badge with the palette and the status text (or children)', () => {
  renderUi(
    <>
      <StatusBadge status="running" />
      <StatusBadge status="failed">Failed!</StatusBadge>
      <StatusBadge status={validityStatus(false)} kind="validity" />
    </>,
  );
  const running = screen.getByText('running');
  expect(running).toHaveAttribute('data-palette', 'blue');
  expect(running.className).toMatch(/css-/);
  expect(screen.getByText('Failed!')).toHaveAttribute('data-palette', 'red');
  expect(screen.getByText('invalid')).toHaveAttribute('data-palette', 'red');
});
