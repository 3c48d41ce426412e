import { act, render, screen } from '@testing-library/react';
import { useEffect, type ReactElement } from 'react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { replaceRoutesInPlace } from './App';

describe('replaceRoutesInPlace', () => {
  it('swaps a placeholder for real routes without remounting the layout', async () => {
    let mounts = 0;
    function Layout() {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <Outlet />;
    }
    const tree = (child: ReactElement) => [{ id: 'layout', element: <Layout />, children: [{ path: 'files', element: child }] }];
    const router = createMemoryRouter(tree(<p>placeholder</p>), { initialEntries: ['/files'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('placeholder')).toBeInTheDocument();

    await act(async () => {
      expect(replaceRoutesInPlace(router as never, tree(<p>the real files page</p>))).toBe(true);
    });
    expect(await screen.findByText('the real files page')).toBeInTheDocument();
    expect(mounts).toBe(1);
  });
});
