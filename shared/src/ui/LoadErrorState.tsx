// A page whose one thing (a user, a dataset) could not be loaded: "not found" without Retry
// when the server says it does not exist (asking again would not help), the failure with Retry
// otherwise, and always the way back to its list.
import { toAppError } from '../errors';
import { ButtonLink } from './ButtonLink';
import { ErrorState } from './states';

export interface LoadErrorStateProps {
  error: unknown;
  /** the title when the thing does not exist (404) */
  notFound: string;
  /** the title of any other failure */
  failed: string;
  onRetry: () => void;
  /** the list the thing belongs to */
  back: { to: string; label: string };
}

export function LoadErrorState({ error, notFound, failed, onRetry, back }: LoadErrorStateProps) {
  const e = toAppError(error);
  const missing = e.status === 404;
  return (
    <ErrorState
      title={missing ? notFound : failed}
      message={e.message}
      onRetry={missing ? undefined : onRetry}
      actions={<ButtonLink to={back.to} size="sm" variant="outline">{back.label}</ButtonLink>}
    />
  );
}
