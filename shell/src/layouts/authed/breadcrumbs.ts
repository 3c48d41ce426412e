import { crumbLabel, type RouteHandle } from '@quarry/shared';
import type { UIMatch } from 'react-router';

export interface Crumb {
  label: string;
  href: string;
}

/**
 * The trail from the matched routes' `handle.crumb` labels (fixed or computed), outermost
 * first. A label repeated by a nested route at the same place (a layout and its index
 * route) appears once.
 */
export function breadcrumbItems(matches: ReadonlyArray<UIMatch<unknown, unknown>>): Crumb[] {
  const items: Crumb[] = [];
  for (const match of matches) {
    const label = crumbLabel(match as UIMatch<unknown, RouteHandle>);
    if (!label) continue;
    const previous = items[items.length - 1];
    if (previous && previous.label === label) {
      previous.href = match.pathname;
      continue;
    }
    items.push({ label, href: match.pathname });
  }
  return items;
}
