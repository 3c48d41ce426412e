import type { RouteHandle, RemoteRoutesModule } from '@quarry/shared';
import { RemoteBoundary } from '@quarry/shared';
import { REMOTES, type RemoteKey } from '@quarry/shared/mf-config';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { redirect } from 'react-router';
import { FullPageSpinner } from '../pages/FullPageSpinner';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RouteErrorPage } from '../pages/RouteErrorPage';
import { AdminGate } from './AdminGate';
import { RemoteArea } from './RemoteArea';

export interface ShellRouteParts {
  RootLayout: React.ComponentType;
  PublicLayout: React.ComponentType;
  AuthedLayout: React.ComponentType;
  /** Shell-owned screens, per layout. */
  publicRoutes: RouteObject[];
  authedRoutes: RouteObject[];
  /** Resolves the signed-in user, or null; runs before any signed-in route. */
  ensureSession: () => Promise<{ is_superuser: boolean } | null>;
}

function areaOf(route: RouteObject): 'public' | 'authed' {
  return (route.handle as RouteHandle | undefined)?.area ?? 'authed';
}

/** A loaded remote's routes for one layout, under its own boundary (version mark + errors). */
function mountRemote(key: RemoteKey, remote: RemoteRoutesModule, area: 'public' | 'authed'): RouteObject[] {
  const children = remote.routes.filter((r) => areaOf(r) === area);
  if (children.length === 0) return [];
  return [
    {
      id: `remote:${key}:${area}`,
      element: <RemoteBoundary name={remote.name} version={remote.version} />,
      errorElement: <RouteErrorPage />,
      children,
    },
  ];
}

/** Until a remote is loaded, each path it owns shows the loading / still-loading state. */
function placeholders(key: RemoteKey, area: 'public' | 'authed'): RouteObject[] {
  const def = REMOTES.find((r) => r.key === key)!;
  return def.owns
    .filter((o) => o.area === area)
    .map((o) => {
      const element = key === 'admin' ? <AdminGate /> : <RemoteArea remote={key} />;
      // Stable ids: when a remote's routes replace its placeholders in place, index-based ids
      // would shift and the current match could render another remote's placeholder.
      const id = `placeholder:${key}:${o.path}`;
      return o.path === '' ? { id, index: true, element } : { id, path: o.path, element };
    });
}

function remoteRoutes(area: 'public' | 'authed', loaded: (key: RemoteKey) => RemoteRoutesModule | undefined) {
  return REMOTES.flatMap((r) => {
    const remote = loaded(r.key);
    return remote ? mountRemote(r.key, remote, area) : placeholders(r.key, area);
  });
}

export function loginRedirect(url: URL): string {
  const target = `${url.pathname}${url.search}${url.hash}`;
  return `/login?redirect=${encodeURIComponent(target)}`;
}

/**
 * The whole route tree: shell routes, loaded remotes' routes, and placeholders for the
 * remotes not loaded yet. Rebuilt (and the router recreated) whenever a remote loads.
 */
export function buildRoutes(parts: ShellRouteParts, loaded: (key: RemoteKey) => RemoteRoutesModule | undefined) {
  const { RootLayout, PublicLayout, AuthedLayout } = parts;
  const routes: RouteObject[] = [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <FullPageSpinner />,
      children: [
        {
          id: 'public',
          element: <PublicLayout />,
          errorElement: <RouteErrorPage />,
          children: [...parts.publicRoutes, ...remoteRoutes('public', loaded), { path: '*', element: <NotFoundPage /> }],
        },
        {
          id: 'authed',
          element: <AuthedLayout />,
          errorElement: <RouteErrorPage />,
          loader: async ({ request }: LoaderFunctionArgs) => {
            const user = await parts.ensureSession();
            if (!user) throw redirect(loginRedirect(new URL(request.url)));
            return null;
          },
          children: [...parts.authedRoutes, ...remoteRoutes('authed', loaded)],
        },
      ],
    },
  ];
  return routes;
}
