import { crumbTrail, type CrumbItem } from '@quarry/shared';
import type { UIMatch } from 'react-router';

export type Crumb = CrumbItem;

/** The trail of the matched routes (see `crumbTrail`): what the breadcrumbs render. */
export function breadcrumbItems(matches: ReadonlyArray<UIMatch<unknown, unknown>>): Crumb[] {
  return crumbTrail(matches);
}
