import { Navigate } from 'react-router';
import { useSessionUser } from '../session/useSessionUser';
import { RemoteArea } from './RemoteArea';

/**
 * `/admin/**` before the admin remote is loaded. Only a superuser gets past this point, so
 * nobody else ever requests any file of the admin remote (not even its manifest). The
 * API checks superuser on every admin call regardless.
 */
export function AdminGate() {
  const user = useSessionUser();
  if (!user?.is_superuser) return <Navigate to="/files" replace />;
  return <RemoteArea remote="admin" />;
}
