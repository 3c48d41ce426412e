import { Alert, Button, Field, HStack, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { ACCOUNT_DISABLED, auth } from '@quarry/shared';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { authPageHref, safeRedirect } from '../lib/redirect';
import { sessionExpiredForThisTab } from '../session/useSessionUser';
import { AuthCard } from './AuthCard';
import { AuthErrorAlert } from './AuthErrorAlert';
import { EmailField } from './EmailField';
import { PasswordInput } from './PasswordInput';
import { PASSWORD_REQUIRED, emailError } from './validation';

interface LocationState {
  expired?: boolean;
  registered?: string;
  /** back from /reset-password */
  passwordReset?: boolean;
}

/** /login (docs/product/platform.md): email and password; back to `redirect` (default /files) on success. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const redirectParam = params.get('redirect');
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as LocationState;

  const [email, setEmail] = useState(state.registered ?? '');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const emailMessage = emailError(email);
  const passwordMessage = password ? undefined : PASSWORD_REQUIRED;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (emailMessage || passwordMessage || pending) return;
    setPending(true);
    setError(null);
    try {
      await auth.login(email.trim(), password);
      navigate(safeRedirect(redirectParam), { replace: true });
    } catch (e) {
      setError(e);
      setPending(false);
    }
  };

  const expired = state.expired === true || sessionExpiredForThisTab();
  // The session ended because the account was disabled (a 403 when it was restored).
  const disabled = auth.getState().error === ACCOUNT_DISABLED;

  return (
    <AuthCard
      title="Log in"
      subtitle="Welcome back. Sign in to continue to your files and jobs."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <ChakraLink asChild color="brand.fg" fontWeight="semibold">
            <Link to={authPageHref('/signup', redirectParam)}>Register</Link>
          </ChakraLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Log in">
        <Stack gap="4">
          {state.passwordReset ? (
            <Alert.Root status="success" size="sm" data-testid="password-reset-done">
              <Alert.Indicator />
              <Alert.Title>Your password has been reset. Please log in with the new password.</Alert.Title>
            </Alert.Root>
          ) : state.registered ? (
            <Alert.Root status="success" size="sm">
              <Alert.Indicator />
              <Alert.Title>Your account was created. Please log in.</Alert.Title>
            </Alert.Root>
          ) : disabled && !error ? (
            <Alert.Root status="error" size="sm" data-testid="account-disabled">
              <Alert.Indicator />
              <Alert.Title>{ACCOUNT_DISABLED}</Alert.Title>
            </Alert.Root>
          ) : expired && !error ? (
            <Alert.Root status="info" size="sm" data-testid="session-expired">
              <Alert.Indicator />
              <Alert.Title>Session expired. Please log in again.</Alert.Title>
            </Alert.Root>
          ) : null}
          {error ? <AuthErrorAlert error={error} /> : null}
          <EmailField value={email} onChange={setEmail} error={submitted ? emailMessage : undefined} />
          <Field.Root required invalid={submitted && Boolean(passwordMessage)}>
            <HStack justify="space-between" w="full">
              <Field.Label>Password</Field.Label>
              <ChakraLink asChild textStyle="sm" color="brand.fg">
                <Link to="/forgot-password" state={{ email: email.trim() }}>
                  Forgot password?
                </Link>
              </ChakraLink>
            </HStack>
            <PasswordInput name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            <Field.ErrorText>{passwordMessage}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="brand" size="lg" loading={pending} loadingText="Logging in...">
            Log in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
