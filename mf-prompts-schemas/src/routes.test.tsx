import { crumbsFor } from '@quarry/shared';
import remote from './routes';

const crumbs = (path: string) => crumbsFor(remote.routes, path);

describe('mf-prompts-schemas route tree', () => {
  it.each([
    ['/prompts', ['Prompts']],
    ['/prompts/new', ['Prompts', 'New Prompt']],
    ['/prompts/4f1c', ['Prompts', 'Prompt']],
    ['/output-schemas', ['Output Schemas']],
    ['/output-schemas/new', ['Output Schemas', 'New Schema']],
    ['/output-schemas/9a2b', ['Output Schemas', 'Schema']],
    ['/llm-test', ['LLM Test']],
  ])('%s has the crumbs %j', (path, expected) => {
    expect(crumbs(path)).toEqual(expected);
  });

  it('names itself', () => {
    expect(remote.name).toBe('mf-prompts-schemas');
  });

  it('loads each screen only when its route is visited, and every route has one', async () => {
    const leaves = (routes: typeof remote.routes): typeof remote.routes => routes.flatMap((r) => (r.children ? leaves(r.children) : [r]));
    const screens = leaves(remote.routes);
    expect(screens).toHaveLength(7);
    for (const route of screens) {
      expect(route.Component ?? route.element).toBeUndefined();
      const lazy = route.lazy as () => Promise<{ Component: unknown }>;
      expect(typeof (await lazy()).Component).toBe('function');
    }
  });
});
