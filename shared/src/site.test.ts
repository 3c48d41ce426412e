import { siteKeys, siteSettingsQueryOptions } from './site';

test('the site name query is public and keyed once for every visitor', () => {
  expect(siteKeys.publicSettings()).toEqual(['site', 'public']);
  expect(siteSettingsQueryOptions().queryKey).toEqual(['site', 'public']);
});
