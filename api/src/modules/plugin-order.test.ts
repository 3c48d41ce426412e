// The decorating plugins declare names and the modules that use their decorations declare
// them as dependencies (fastify-plugin): a module mounted before what it needs fails the
// start with a message naming the missing plugin, instead of failing at the first request.
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { apiModules } from './index';

test('a module that needs quarry-storage refuses to start without it', async () => {
  const needsStorage = fp(async () => undefined, { name: 'x', dependencies: ['quarry-storage'], encapsulate: true });
  const app = Fastify();
  await expect(app.register(needsStorage)).rejects.toThrow(/quarry-storage/);
  await app.close();
});

test('the API mounts the storage and jobs plugins before the modules that need them', () => {
  const names = apiModules.map((m) => (m as unknown as Record<symbol, { name?: string; dependencies?: string[] } | undefined>)[Symbol.for('plugin-meta')]);
  const index = (name: string) => names.findIndex((meta) => meta?.name === name);
  expect(index('quarry-storage')).toBeGreaterThanOrEqual(0);
  expect(index('quarry-jobs')).toBeGreaterThan(index('quarry-storage'));
  names.forEach((meta, i) => {
    for (const dep of meta?.dependencies ?? []) expect({ module: meta?.name, dep, before: index(dep) < i }).toEqual({ module: meta?.name, dep, before: true });
  });
  expect(names.filter((m) => m?.dependencies?.includes('quarry-jobs')).length).toBeGreaterThanOrEqual(5);
});
