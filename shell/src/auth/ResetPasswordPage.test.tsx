import { RESET_LINK_INVALID } from '@quarry/shared/schemas';
import { fireEvent, screen } from '@testing-library/react';
import { quietActWarnings, renderRoute, setupFakeApiRoutes } from '@quarry/shared/testing';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';

const fakeApi = setupFakeApiRoutes();
beforeEach(() => quietActWarnings());

const ANSWER = 'If an account exists for that email address, a link to reset its password is on its way. The link works once, for one hour.';

describe('ForgotPasswordPage', () => {
  it('asks for a valid email, then shows the same answer whatever the address', async () => {
    const calls = fakeApi.serve({ 'POST /auth/forgot-password': () => ({ status: 202, body: { message: ANSWER } }) }, { user: null });
    renderRoute(<ForgotPasswordPage />, { path: '/forgot-password' });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(ANSWER)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/auth/forgot-password', body: { email: 'ada@example.com' } });
    expect(calls[0]!.headers.authorization).toBeUndefined();
  });
});

describe('ResetPasswordPage', () => {
  const STRONG = 'Basalt-Ledger-73q';

  it('without a token says the link is invalid and offers a new one', () => {
    fakeApi.serve({}, { user: null });
    renderRoute(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByText(RESET_LINK_INVALID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('refuses a weak or mismatched password before sending; then resets and goes to log in', async () => {
    const calls = fakeApi.serve({ 'POST /auth/reset-password': () => ({ body: { message: 'done' } }) }, { user: null });
    renderRoute(<ResetPasswordPage />, { path: '/reset-password', url: '/reset-password?token=abc123', routes: [{ path: '/login', element: <p>login page</p> }] });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password does not meet security requirements')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: STRONG } });
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: `${STRONG}!` } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: STRONG } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ path: '/auth/reset-password', body: { token: 'abc123', new_password: STRONG } });
  });

  it('a spent or expired link (400) shows the invalid-link message', async () => {
    fakeApi.serve({ 'POST /auth/reset-password': () => ({ status: 400, body: { detail: RESET_LINK_INVALID } }) }, { user: null });
    renderRoute(<ResetPasswordPage />, { path: '/reset-password', url: '/reset-password?token=spent' });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: STRONG } });
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: STRONG } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByTestId('reset-link-invalid')).toBeInTheDocument();
  });
});
