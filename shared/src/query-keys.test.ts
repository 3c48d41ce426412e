import { datasetKeys, fileKeys, jobKeys, queryKeys, userKeys } from './query-keys';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, i) => key[i] === part);

it('roots every key at its area and user, so one invalidation reaches the whole area', () => {
  expect(startsWith(fileKeys.list('u1', { search: 'a' }), fileKeys.all('u1'))).toBe(true);
  expect(startsWith(fileKeys.detail('u1', 'f'), fileKeys.all('u1'))).toBe(true);
  expect(startsWith(datasetKeys.list('u1'), datasetKeys.lists('u1'))).toBe(true);
  expect(startsWith(jobKeys.detail('u1', 'j'), jobKeys.all('u1'))).toBe(true);
  expect(startsWith(userKeys.resourceLimits('u1'), userKeys.all('u1'))).toBe(true);
});

it('never shares a key between two users', () => {
  expect(fileKeys.all('u1')).not.toEqual(fileKeys.all('u2'));
  expect(jobKeys.all(undefined)).toEqual(['jobs', 'anonymous']);
});

it('builds every area from one factory, with a sub-area root and free parts under it', () => {
  const admin = queryKeys('admin', 'users');
  expect(admin.all('u1')).toEqual(['admin', 'users', 'u1']);
  expect(admin.list('u1', { offset: 0 })).toEqual(['admin', 'users', 'u1', 'list', { offset: 0 }]);
  expect(admin.of('u1', 'api-keys', 'x')).toEqual(['admin', 'users', 'u1', 'api-keys', 'x']);
  expect(startsWith(admin.of('u1', 'stats'), admin.all('u1'))).toBe(true);
  expect(fileKeys.detail('u1', 'f')).toEqual(['files', 'u1', 'detail', 'f']);
});
