// The site name (set in /admin/settings, used where the product shows its name): the
// shell shows it, the admin settings screen changes it and refreshes it through this key.
import { queryOptions } from '@tanstack/react-query';
import { api, type Parser } from './api';
import type { PublicSiteSettings } from './schemas/admin';

/** Shown until the server answers, and when it cannot. */
export const DEFAULT_SITE_NAME = 'Quarry';

export const siteKeys = {
  /** `GET /site` (public): the same for every visitor, so not keyed by user. */
  publicSettings: () => ['site', 'public'] as const,
};

/**
 * `GET /site`'s answer checked by hand, not with the zod schema: this query runs on every
 * page's first load (the shell's header), and zod would add ~23 KB brotli to a cold `/`.
 * Same contract as `PublicSiteSettingsSchema` (site.test.ts proves they agree).
 */
export const publicSiteSettingsParser: Parser<PublicSiteSettings> = {
  parse(body: unknown): PublicSiteSettings {
    const name = typeof body === 'object' && body !== null ? (body as { site_name?: unknown }).site_name : undefined;
    if (typeof name !== 'string') throw new TypeError('GET /site: site_name must be a string');
    return { site_name: name };
  },
};

export const siteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.publicSettings(),
    queryFn: ({ signal }) => api.get('site', { public: true, signal, schema: publicSiteSettingsParser }),
    staleTime: 5 * 60 * 1000,
  });
