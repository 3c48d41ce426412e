// Settings → Security: change my password (the current one required; the server applies the
// sign-up strength rules and signs out every other session), and my signed-in sessions with
// per-session sign-out and "Sign out of other sessions".
import { Alert, Badge, Box, Button, Field, Flex, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, EmptyState, ErrorState, formatDateTime, LoadingState, toAppError, ErrorAlert } from '@quarry/shared';
import { passwordRuleFailures, WEAK_PASSWORD_DETAIL, WEAK_PASSWORD_MESSAGE, type Session } from '@quarry/shared/schemas';
import { Laptop, Smartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorText, SettingsCard } from './common';
import { useChangePassword, useRevokeOtherSessions, useRevokeSession, useSessions } from './queries';

type FieldName = 'current_password' | 'new_password' | 'confirm';
type FieldErrors = Partial<Record<FieldName, string>>;

export const PASSWORDS_DIFFER = 'The new passwords do not match';

/** Client checks before sending: the server adds the strength score and the current password. */
export function passwordFormErrors(values: Record<FieldName, string>): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.current_password) errors.current_password = 'Current password is required';
  if (!values.new_password) errors.new_password = 'New password is required';
  else if (passwordRuleFailures(values.new_password).length > 0) errors.new_password = `${WEAK_PASSWORD_MESSAGE}. ${WEAK_PASSWORD_DETAIL}`;
  if (values.new_password && values.confirm !== values.new_password) errors.confirm = PASSWORDS_DIFFER;
  return errors;
}

/** A 422's messages per field (`loc` ['body', field]). */
function serverFieldErrors(error: unknown): FieldErrors | null {
  const detail = toAppError(error).detail;
  if (!Array.isArray(detail)) return null;
  const out: FieldErrors = {};
  for (const item of detail as Array<{ loc?: unknown[]; msg?: string }>) {
    const field = item.loc?.[1];
    if ((field === 'current_password' || field === 'new_password') && item.msg) out[field] = item.msg;
  }
  return Object.keys(out).length ? out : null;
}

function ChangePasswordForm() {
  const change = useChangePassword();
  const empty = { current_password: '', new_password: '', confirm: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<number | null>(null);

  const set = (name: FieldName) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setErrors((er) => ({ ...er, [name]: undefined }));
    setDone(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = passwordFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || change.isPending) return;
    change.mutate(
      { current_password: values.current_password, new_password: values.new_password },
      {
        onSuccess: (res) => {
          setValues(empty);
          setDone(res.revoked);
        },
        onError: (err) => {
          const fields = serverFieldErrors(err);
          if (fields) setErrors(fields);
        },
      },
    );
  };

  const generalError = change.isError && !serverFieldErrors(change.error) ? errorText(change.error) : null;
  const field = (name: FieldName, label: string, autoComplete: string) => (
    <Field.Root required invalid={Boolean(errors[name])}>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      <Input name={name} type="password" autoComplete={autoComplete} value={values[name]} onChange={set(name)} />
      <Field.ErrorText>{errors[name]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="4">
        <Text fontWeight="semibold">Change password</Text>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {field('current_password', 'Current password', 'current-password')}
          {field('new_password', 'New password', 'new-password')}
          {field('confirm', 'Confirm new password', 'new-password')}
        </SimpleGrid>
        <Text textStyle="xs" color="fg.muted">
          At least 8 characters with uppercase, lowercase and a number, and not easy to guess. Your other sessions are signed out; this one stays.
        </Text>
        <Flex justify="flex-end" align="center" gap="3" wrap="wrap">
          {done !== null ? (
            <Alert.Root status="success" size="sm" flex="1" minW="56" role="status" data-testid="password-changed">
              <Alert.Indicator />
              <Alert.Title>
                {`Password changed. ${done === 0 ? 'No other sessions were signed in.' : `Signed out of ${done} other session${done === 1 ? '' : 's'}.`}`}
              </Alert.Title>
            </Alert.Root>
          ) : null}
          <ErrorAlert message={generalError} size="sm" flex="1" minW="56" />
          <Button type="submit" colorPalette="brand" size="sm" loading={change.isPending} loadingText="Updating...">
            Update security
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

const isPhone = (s: Session) => /iOS|Android/.test(s.device);

function SessionRow({ session }: { session: Session }) {
  const revoke = useRevokeSession();
  const [confirming, setConfirming] = useState(false);
  return (
    <Flex as="li" data-testid="session" justify="space-between" align="center" gap="3" wrap="wrap" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <HStack gap="3" align="flex-start" minW="0">
        <Box color="fg.muted" pt="0.5" aria-hidden>
          {isPhone(session) ? <Smartphone size={18} /> : <Laptop size={18} />}
        </Box>
        <Stack gap="0.5" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="medium">{session.device}</Text>
            {session.current ? (
              <Badge colorPalette="green" size="sm">
                This session
              </Badge>
            ) : null}
          </HStack>
          <Text textStyle="xs" color="fg.muted">
            {`Last used ${formatDateTime(session.last_used_at)} · signed in ${formatDateTime(session.created_at)}${session.ip ? ` · ${session.ip}` : ''}`}
          </Text>
        </Stack>
      </HStack>
      {session.current ? null : (
        <>
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => setConfirming(true)} aria-label={`Sign out ${session.device}`}>
            Sign out
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Sign out this session?"
            message={`${session.device} will need to log in again.`}
            confirmLabel="Sign out"
            destructive
            loading={revoke.isPending}
            onConfirm={() => revoke.mutateAsync(session.id)}
          />
        </>
      )}
    </Flex>
  );
}

function SessionsList() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const others = sessions.data?.sessions.filter((s) => !s.current).length ?? 0;

  let body;
  if (sessions.isPending) body = <LoadingState text="Loading sessions..." />;
  else if (sessions.isError)
    body = <ErrorState title="Failed to load sessions" message={errorText(sessions.error)} onRetry={() => void sessions.refetch()} />;
  else if (sessions.data.sessions.length === 0)
    body = <EmptyState title="No sessions" description="Sessions appear here when you log in with your password." />;
  else
    body = (
      <Stack as="ul" gap="0" listStyleType="none" aria-label="Signed-in sessions">
        {sessions.data.sessions.map((s) => (
          <SessionRow key={s.id} session={s} />
        ))}
      </Stack>
    );

  return (
    <Stack gap="2">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Stack gap="0">
          <Text fontWeight="semibold">Sessions</Text>
          <Text textStyle="sm" color="fg.muted">
            Where your account is signed in.
          </Text>
        </Stack>
        <Button size="sm" variant="outline" disabled={others === 0} onClick={() => setConfirming(true)}>
          Sign out of other sessions
        </Button>
      </Flex>
      {revokeOthers.isSuccess ? (
        <Alert.Root status="success" size="sm" role="status">
          <Alert.Indicator />
          <Alert.Title>{revokeOthers.data.message}</Alert.Title>
        </Alert.Root>
      ) : null}
      {body}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out of other sessions?"
        message={`Every other device (${others}) will need to log in again. This session stays signed in.`}
        confirmLabel="Sign out others"
        destructive
        loading={revokeOthers.isPending}
        onConfirm={() => revokeOthers.mutateAsync()}
      />
    </Stack>
  );
}

export function SecuritySection() {
  return (
    <SettingsCard id="security" title="Security" description="Your password and where you are signed in.">
      <Stack gap="6">
        <ChangePasswordForm />
        <Box borderTopWidth="1px" pt="5">
          <SessionsList />
        </Box>
      </Stack>
    </SettingsCard>
  );
}
