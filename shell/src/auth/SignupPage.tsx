import { Button, Field, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { auth } from '@quarry/shared';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authPageHref, safeRedirect } from '../lib/redirect';
import { AuthCard } from './AuthCard';
import { AuthErrorAlert } from './AuthErrorAlert';
import { EmailField } from './EmailField';
import { PasswordInput } from './PasswordInput';
import { useEstimator } from './estimator';
import { PASSWORD_REQUIRED, evaluatePassword } from './passwordStrength';
import { PasswordAdvice } from './StrengthMeter';
import { emailError } from './validation';

/** /signup (docs/product/platform.md): email, password with the live strength meter. */
export default function SignupPage() {
  const [params] = useSearchParams();
  const redirectParam = params.get('redirect');
  const navigate = useNavigate();
  const estimator = useEstimator();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [passwordTouched, setPasswordTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const strength = useMemo(() => evaluatePassword(password, estimator.fn, [email]), [password, estimator.fn, email]);
  const emailMessage = emailError(email);
  const unacceptable = password.length > 0 && !strength.acceptable;
  const showPasswordFailure = unacceptable && (passwordTouched || submitted);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (emailMessage || !password || unacceptable || pending) return;
    setPending(true);
    setError(null);
    try {
      const result = await auth.register(email.trim(), password);
      if (result.authenticated) navigate(safeRedirect(redirectParam), { replace: true });
      else navigate(authPageHref('/login', redirectParam), { replace: true, state: { registered: email.trim() } });
    } catch (e) {
      setError(e);
      setPending(false);
    }
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start turning documents into structured data."
      footer={
        <>
          Already have an account?{' '}
          <ChakraLink asChild color="brand.fg" fontWeight="semibold">
            <Link to={authPageHref('/login', redirectParam)}>Log in</Link>
          </ChakraLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Sign up">
        <Stack gap="4">
          {error ? <AuthErrorAlert error={error} /> : null}
          <EmailField value={email} onChange={setEmail} error={submitted ? emailMessage : undefined} />
          <Field.Root required invalid={(submitted && !password) || showPasswordFailure}>
            <Field.Label>Password</Field.Label>
            <PasswordInput
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              onBlur={() => setPasswordTouched(true)}
              onKeyDown={(e) => {
                // Enter cannot submit while the button is disabled: say why instead.
                if (e.key === 'Enter') setPasswordTouched(true);
              }}
              aria-describedby="password-strength"
            />
            {submitted && !password ? <Field.ErrorText>{PASSWORD_REQUIRED}</Field.ErrorText> : null}
          </Field.Root>
          <PasswordAdvice password={password} strength={strength} checking={estimator.status === 'loading'} refused={showPasswordFailure} refusedTestId="password-failure" />
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            disabled={unacceptable}
            loading={pending}
            loadingText="Creating account..."
          >
            Create account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
