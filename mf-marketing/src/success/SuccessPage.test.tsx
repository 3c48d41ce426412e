import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@quarry/shared/testing';
import SuccessPage from './SuccessPage';

describe('SuccessPage', () => {
  it('welcomes the subscriber and links the next steps', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute(<SuccessPage />, { path: '/success' });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Aboard' })).toBeInTheDocument();
    const steps = within(screen.getByRole('navigation', { name: 'Next steps' })).getAllByRole('link');
    expect(steps.map((a) => a.getAttribute('href'))).toEqual(['/files', '/account', '/contact']);
    await user.click(screen.getByRole('link', { name: 'Go to Files' }));
    expect(router.state.location.pathname).toBe('/files');
  });
});
