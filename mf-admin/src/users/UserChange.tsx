// Disable / enable and promote / demote a user, each after a confirmation: the users list's
// row menu and the user page ask the same way.
import { ConfirmDialog, toast } from '@quarry/shared';
import type { AdminUser, AdminUserUpdate } from '@quarry/shared/schemas';
import { serverDetailOr } from '../common/errors';
import { useUpdateUser } from './queries';

export interface PendingChange {
  user: AdminUser;
  patch: AdminUserUpdate;
  title: string;
  message: string;
  confirmLabel: string;
  done: string;
  destructive: boolean;
}

export function changeFor(user: AdminUser, kind: 'active' | 'superuser'): PendingChange {
  if (kind === 'active') {
    return user.is_active
      ? { user, patch: { is_active: false }, title: 'Disable user', message: `${user.email} will be signed out and cannot sign in until enabled again.`, confirmLabel: 'Disable', done: 'User Disabled', destructive: true }
      : { user, patch: { is_active: true }, title: 'Enable user', message: `${user.email} can sign in again.`, confirmLabel: 'Enable', done: 'User Enabled', destructive: false };
  }
  return user.is_superuser
    ? { user, patch: { is_superuser: false }, title: 'Remove superuser', message: `${user.email} loses access to the admin area.`, confirmLabel: 'Remove superuser', done: 'Superuser Removed', destructive: true }
    : { user, patch: { is_superuser: true }, title: 'Make superuser', message: `${user.email} gets full access to the admin area.`, confirmLabel: 'Make superuser', done: 'Superuser Added', destructive: false };
}

export function UserChangeDialog({ change, onClose }: { change: PendingChange | null; onClose: () => void }) {
  const update = useUpdateUser();
  return (
    <ConfirmDialog
      open={change !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={change?.title ?? ''}
      message={change?.message}
      confirmLabel={change?.confirmLabel}
      destructive={change?.destructive}
      onConfirm={() =>
        change
          ? update
              .mutateAsync({ id: change.user.id, patch: change.patch })
              .then(() => toast.success(change.done, change.user.email))
              .catch((err: unknown) => toast.error('Update Failed', serverDetailOr(err, 'Failed to update the user')))
          : undefined
      }
    />
  );
}
