import { Alert, Button, Field, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { api, toAppError } from '@quarry/shared';
import { MessageResponseSchema, RESET_LINK_INVALID } from '@quarry/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from './AuthCard';
import { AuthErrorAlert } from './AuthErrorAlert';
import { useEstimator } from './estimator';
import { PasswordInput } from './PasswordInput';
import { PASSWORD_REQUIRED, evaluatePassword } from './passwordStrength';
import { PasswordAdvice } from './StrengthMeter';

export const PASSWORDS_DIFFER = 'The passwords do not match';
export const PASSWORD_RESET_DONE = 'Your password has been reset. Please log in with the new password.';

/** /reset-password?token=…: the page of the emailed link. Same strength rules as sign-up. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const estimator = useEstimator();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState(false);
  const strength = useMemo(() => evaluatePassword(password, estimator.fn), [password, estimator.fn]);
  const unacceptable = password.length > 0 && !strength.acceptable;
  const mismatch = confirm !== password;

  const reset = useMutation({
    mutationFn: () => api.post('auth/reset-password', { token, new_password: password }, { public: true, schema: MessageResponseSchema }),
    onSuccess: () => navigate('/login', { replace: true, state: { passwordReset: true } }),
  });
  const linkSpent = reset.isError && toAppError(reset.error).status === 400;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!password || unacceptable || mismatch || reset.isPending) return;
    reset.mutate();
  };

  const requestAgain = (
    <ChakraLink asChild color="brand.fg" fontWeight="semibold">
      <Link to="/forgot-password">Ask for a new link</Link>
    </ChakraLink>
  );

  return (
    <AuthCard title="Choose a new password" subtitle="Every device signed in to your account will be signed out." footer={<>Link not working? {requestAgain}</>}>
      {!token || linkSpent ? (
        <Alert.Root status="error" data-testid="reset-link-invalid">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{RESET_LINK_INVALID}</Alert.Title>
            <Alert.Description>
              <ChakraLink asChild fontWeight="semibold">
                <Link to="/forgot-password">Request a new reset link</Link>
              </ChakraLink>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Reset password">
          <Stack gap="4">
            {reset.isError ? <AuthErrorAlert error={reset.error} /> : null}
            <Field.Root required invalid={(submitted && !password) || (unacceptable && (touched || submitted))}>
              <Field.Label>New password</Field.Label>
              <PasswordInput
                name="new-password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                onBlur={() => setTouched(true)}
                aria-describedby="password-strength"
              />
              {submitted && !password ? <Field.ErrorText>{PASSWORD_REQUIRED}</Field.ErrorText> : null}
            </Field.Root>
            <PasswordAdvice password={password} strength={strength} checking={estimator.status === 'loading'} refused={unacceptable && (touched || submitted)} />
            <Field.Root required invalid={submitted && mismatch}>
              <Field.Label>Confirm new password</Field.Label>
              <PasswordInput name="confirm-password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
              <Field.ErrorText>{PASSWORDS_DIFFER}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" size="lg" loading={reset.isPending} loadingText="Saving...">
              Set new password
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
