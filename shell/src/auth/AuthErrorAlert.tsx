import { Alert, List } from '@chakra-ui/react';
import { NO_ACCESS_TOKEN, authErrorInfo, toAppError } from '@quarry/shared';

/** A login or sign-up failure as the shared catalogue words it, with its suggestions. */
export function AuthErrorAlert({ error }: { error: unknown }) {
  const info = authErrorInfo(error);
  // A login answered without a token has its own text.
  const message = toAppError(error).message === NO_ACCESS_TOKEN ? NO_ACCESS_TOKEN : info.message;
  return (
    <Alert.Root status="error" data-testid="auth-error" data-case={info.case}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
        {info.suggestions.length > 0 ? (
          <Alert.Description>
            <List.Root ps="4" mt="1" textStyle="sm">
              {info.suggestions.map((s) => (
                <List.Item key={s}>{s}</List.Item>
              ))}
            </List.Root>
          </Alert.Description>
        ) : null}
      </Alert.Content>
    </Alert.Root>
  );
}
