import { Alert, List } from '@chakra-ui/react';
import { authErrorInfo } from '@quarry/shared';

/** A login or sign-up failure as the catalogue of spec 1 §8 words it, with its suggestions. */
export function AuthErrorAlert({ error }: { error: unknown }) {
  const info = authErrorInfo(error);
  return (
    <Alert.Root status="error" data-testid="auth-error" data-case={info.case}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{info.message}</Alert.Title>
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
