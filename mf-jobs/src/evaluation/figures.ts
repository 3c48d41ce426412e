// How the evaluation page words its figures.
export const percent = (v: number | null | undefined): string => (v === null || v === undefined ? '-' : `${Math.round(v * 1000) / 10}%`);

/** "+12.5 pts" / "-3 pts" / "" (no previous figure) */
export function delta(now: number | null | undefined, before: number | null | undefined): string {
  if (now === null || now === undefined || before === null || before === undefined) return '';
  const d = Math.round((now - before) * 1000) / 10;
  if (d === 0) return '±0 pts';
  return `${d > 0 ? '+' : ''}${d} pts`;
}

/** A value of an example as text: empty values say so. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return '(empty)';
  return typeof v === 'string' ? v : JSON.stringify(v);
}
