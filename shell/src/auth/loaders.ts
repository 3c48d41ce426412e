import { redirect, type LoaderFunctionArgs } from 'react-router';
import { safeRedirect } from '../lib/redirect';
import { ensureSession } from '../session/useSessionUser';

/** /login and /signup: a signed-in user is sent on (to `redirect`, default /files). */
export async function signedOutOnlyLoader({ request }: LoaderFunctionArgs) {
  const user = await ensureSession();
  if (user) throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirect')));
  return null;
}
