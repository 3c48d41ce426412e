import { DEFAULT_SITE_NAME, siteSettingsQueryOptions } from '@quarry/shared';
import { useQuery } from '@tanstack/react-query';

/** The site name set in /admin/settings (public GET /site); the default until it answers. */
export function useSiteName(): string {
  return useQuery(siteSettingsQueryOptions()).data?.site_name ?? DEFAULT_SITE_NAME;
}
