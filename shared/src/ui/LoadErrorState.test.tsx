import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AppError } from '../errors';
import { renderUi } from '../testing/render';
import { LoadErrorState } from './LoadErrorState';

const back = { to: '/admin/users', label: 'Back to users' };

it('says a missing thing is not found, without Retry', () => {
  renderUi(
    <MemoryRouter>
      <LoadErrorState error={new AppError({ kind: 'validation', status: 404, message: 'Not found' })} notFound="User not found" failed="Failed to load the user" onRetry={jest.fn()} back={back} />
    </MemoryRouter>,
  );
  expect(screen.getByText('User not found')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to users' })).toHaveAttribute('href', '/admin/users');
});

it('offers Retry for any other failure', async () => {
  const onRetry = jest.fn();
  renderUi(
    <MemoryRouter>
      <LoadErrorState error={new Error('boom')} notFound="User not found" failed="Failed to load the user" onRetry={onRetry} back={back} />
    </MemoryRouter>,
  );
  expect(screen.getByText('Failed to load the user')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(onRetry).toHaveBeenCalled();
});
