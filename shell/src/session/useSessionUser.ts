// TEMP (lead): replaced by the shared auth store once it lands.
export function useSessionUser(): { is_superuser: boolean; email: string } | null {
  return { is_superuser: new URLSearchParams(window.location.search).has('su'), email: 'dev@example.com' };
}
export async function ensureSession() {
  return { is_superuser: false };
}
