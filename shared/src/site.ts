// The site name (spec 2 §2 /admin/settings, "used where the product shows its name"): the
// shell shows it, the admin settings screen changes it and refreshes it through this key.
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { PublicSiteSettingsSchema } from './schemas/admin';

/** Shown until the server answers, and when it cannot. */
export const DEFAULT_SITE_NAME = 'Quarry';

export const siteKeys = {
  /** `GET /site` (public): the same for every visitor, so not keyed by user. */
  publicSettings: () => ['site', 'public'] as const,
};

export const siteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.publicSettings(),
    queryFn: ({ signal }) => api.get('/site', { public: true, signal, schema: PublicSiteSettingsSchema }),
    staleTime: 5 * 60 * 1000,
  });
