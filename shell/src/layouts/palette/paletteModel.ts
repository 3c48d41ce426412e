// What the command palette offers: the pages of the sidebar, and the user's things found by
// name. Pure functions, so ordering and matching are tested without rendering.
import type { NavEntry } from '@quarry/shared';
import type { ElementType } from 'react';

export type PaletteKind = 'page' | 'file' | 'dataset' | 'prompt' | 'schema' | 'job';

export interface PaletteItem {
  /** unique among the items shown: kind and target */
  value: string;
  kind: PaletteKind;
  label: string;
  /** a second line: the area of a page, a job's type and status */
  detail?: string;
  to: string;
  /** a page's sidebar icon */
  icon?: ElementType;
}

/** Headings of the result groups, in the order they are shown. */
export const GROUP_TITLES: Record<PaletteKind, string> = {
  page: 'Pages',
  file: 'Files',
  dataset: 'Datasets',
  prompt: 'Prompts',
  schema: 'Output Schemas',
  job: 'Jobs',
};
export const GROUP_ORDER: readonly PaletteKind[] = ['page', 'file', 'dataset', 'prompt', 'schema', 'job'];

const norm = (s: string) => s.toLocaleLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

/**
 * The pages whose label (or a keyword) contains every word typed, best first: a label that
 * starts with the query before one that merely contains it. An empty query lists them all.
 */
export function matchPages(entries: readonly NavEntry[], query: string): PaletteItem[] {
  const words = norm(query).split(/\s+/).filter(Boolean);
  const seen = new Set<string>();
  const scored: Array<{ item: PaletteItem; score: number; index: number }> = [];
  entries.forEach((entry, index) => {
    if (seen.has(entry.to)) return;
    seen.add(entry.to);
    const label = norm(entry.label);
    const haystack = [label, ...(entry.keywords ?? []).map(norm)].join(' ');
    if (!words.every((w) => haystack.includes(w))) return;
    const q = words.join(' ');
    const score = q === '' ? 0 : label.startsWith(q) ? 0 : label.includes(q) ? 1 : 2;
    scored.push({ item: { value: `page:${entry.to}`, kind: 'page', label: entry.label, to: entry.to, icon: entry.icon }, score, index });
  });
  return scored.sort((a, b) => a.score - b.score || a.index - b.index).map((s) => s.item);
}

/** Items grouped in display order; empty groups left out. */
export function groupItems(items: readonly PaletteItem[]): Array<{ kind: PaletteKind; title: string; items: PaletteItem[] }> {
  return GROUP_ORDER.map((kind) => ({ kind, title: GROUP_TITLES[kind], items: items.filter((i) => i.kind === kind) })).filter((g) => g.items.length > 0);
}
