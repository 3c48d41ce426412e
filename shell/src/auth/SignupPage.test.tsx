import { auth } from '@quarry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { quietActWarnings, renderRoute } from '@quarry/shared/testing';
import SignupPage from './SignupPage';

beforeEach(() => {
  quietActWarnings();
});
afterEach(() => jest.restoreAllMocks());

const submit = () => screen.getByRole('button', { name: 'Create account' });

describe('SignupPage', () => {
  it('asks for a password, blocks a weak one, and lets a strong one through to the redirect', async () => {
    const register = jest.spyOn(auth, 'register').mockResolvedValue({ authenticated: true, user: {} as never });
    const { router } = renderRoute(<SignupPage />, { path: '/signup', url: '/signup?redirect=%2Fprompts' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Fprompts');
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'new@example.com' } });
    fireEvent.click(submit());
    expect(await screen.findByText('Password is required')).toBeInTheDocument();

    const password = screen.getByLabelText(/^Password/);
    fireEvent.change(password, { target: { value: 'password' } });
    await waitFor(() => expect(screen.getByTestId('strength-meter')).toHaveAttribute('data-level', 'very weak'));
    expect(submit()).toBeDisabled();
    fireEvent.blur(password);
    expect(screen.getByText('Password does not meet security requirements')).toBeInTheDocument();
    expect(
      screen.getByText('Your password must be at least 8 characters and include uppercase, lowercase, and numbers.'),
    ).toBeInTheDocument();

    fireEvent.change(password, { target: { value: 'Quarry-Strong-Passw0rd-42' } });
    // zxcvbn arrives through a dynamic import; the meter then reports the real score.
    await waitFor(() => expect(screen.getByTestId('strength-meter')).toHaveAttribute('data-percentage', '100'));
    expect(submit()).toBeEnabled();
    fireEvent.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/prompts'));
    expect(register).toHaveBeenCalledWith('new@example.com', 'Quarry-Strong-Passw0rd-42');
  });

  it('shows the catalogue message of a failed sign-up and keeps the input', async () => {
    jest.spyOn(auth, 'register').mockRejectedValue({ status: 409, data: { detail: 'Email already registered' } });
    renderRoute(<SignupPage />, { path: '/signup' });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'taken@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Quarry-Strong-Passw0rd-42' } });
    await waitFor(() => expect(submit()).toBeEnabled());
    fireEvent.click(submit());
    expect(await screen.findByText('An account with this email already exists. Try logging in instead.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('taken@example.com');
  });
});

describe('login without a token', () => {
  it('says so in the words of the catalogue', async () => {
    const { NO_ACCESS_TOKEN, AppError } = await import('@quarry/shared');
    const { AuthErrorAlert } = await import('./AuthErrorAlert');
    renderRoute(<AuthErrorAlert error={new AppError({ kind: 'system', message: NO_ACCESS_TOKEN })} />);
    expect(screen.getByText('Login failed: No access token received.')).toBeInTheDocument();
  });
});
