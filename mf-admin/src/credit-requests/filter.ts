import type { AdminCreditRequest } from '@quarry/shared/schemas';

/** The search box: user email, user name or project description, any case. */
export function matchesSearch(request: AdminCreditRequest, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [request.user.email, request.user.name ?? '', request.project_description].some((text) => text.toLowerCase().includes(q));
}

/** "data_extraction" → "Data extraction", "2-3-months" → "2-3 months" */
export function humanize(value: string | null | undefined): string {
  if (!value) return '—';
  const text = value.replace(/_/g, ' ').replace(/-(weeks?|months?)$/, ' $1').replace(/^1-week$/, '1 week');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
