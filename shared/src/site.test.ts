import { PublicSiteSettingsSchema } from './schemas/admin';
import { publicSiteSettingsParser, siteKeys, siteSettingsQueryOptions } from './site';

test('the site name query is public and keyed once for every visitor', () => {
  expect(siteKeys.publicSettings()).toEqual(['site', 'public']);
  expect(siteSettingsQueryOptions().queryKey).toEqual(['site', 'public']);
});

test('the hand-written /site parser accepts and refuses what the zod schema does', () => {
  const bodies: unknown[] = [
    { site_name: 'Quarry' },
    { site_name: '' },
    { site_name: 'Acme', extra: 1 },
    { site_name: 42 },
    { site_name: null },
    {},
    null,
    'Quarry',
    [],
  ];
  for (const body of bodies) {
    const expected = PublicSiteSettingsSchema.safeParse(body);
    if (expected.success) expect(publicSiteSettingsParser.parse(body)).toEqual(expected.data);
    else expect(() => publicSiteSettingsParser.parse(body)).toThrow();
  }
});
