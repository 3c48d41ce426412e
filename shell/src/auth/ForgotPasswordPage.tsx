import { Alert, Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { api } from '@quarry/shared';
import { MessageResponseSchema } from '@quarry/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { AuthCard } from './AuthCard';
import { AuthErrorAlert } from './AuthErrorAlert';
import { EmailField } from './EmailField';
import { emailError } from './validation';

/**
 * /forgot-password: asks for a reset link. The answer is the same whether or not the address
 * has an account, so this page cannot tell anyone who is signed up.
 */
export default function ForgotPasswordPage() {
  const location = useLocation();
  const [email, setEmail] = useState(((location.state ?? {}) as { email?: string }).email ?? '');
  const [submitted, setSubmitted] = useState(false);
  const send = useMutation({
    mutationFn: (address: string) => api.post('auth/forgot-password', { email: address }, { public: true, schema: MessageResponseSchema }),
  });
  const emailMessage = emailError(email);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (emailMessage || send.isPending) return;
    send.mutate(email.trim());
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <ChakraLink asChild color="brand.fg" fontWeight="semibold">
            <Link to="/login">Log in</Link>
          </ChakraLink>
        </>
      }
    >
      {send.isSuccess ? (
        <Stack gap="4">
          <Alert.Root status="success" data-testid="reset-requested" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Check your email</Alert.Title>
              <Alert.Description>{send.data.message}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Text textStyle="sm" color="fg.muted">
            No mail after a few minutes? Look in your spam folder, or ask your administrator: without a mail server the link is shown to them.
          </Text>
          <Button variant="outline" onClick={() => send.reset()}>
            Send another link
          </Button>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Request a password reset link">
          <Stack gap="4">
            {send.isError ? <AuthErrorAlert error={send.error} /> : null}
            <EmailField value={email} onChange={setEmail} error={submitted ? emailMessage : undefined} />
            <Button type="submit" colorPalette="brand" size="lg" loading={send.isPending} loadingText="Sending...">
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
