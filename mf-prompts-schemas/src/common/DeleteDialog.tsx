// Deleting a prompt or an example: a destructive confirmation for the item chosen; a failed
// delete is reported as "Delete Failed" and the dialog stays open.
import { ConfirmDialog, handleError } from '@quarry/shared';

export interface DeleteDialogProps<T> {
  /** the item to delete; null keeps the dialog closed */
  item: T | null;
  onClose: () => void;
  title: string;
  message: (item: T) => string;
  /** deletes it (and says so, where the screen does) */
  remove: (item: T) => Promise<unknown>;
}

export function DeleteDialog<T>({ item, onClose, title, message, remove }: DeleteDialogProps<T>) {
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      message={item ? message(item) : ''}
      confirmLabel="Delete"
      destructive
      onConfirm={async () => {
        if (!item) return;
        try {
          await remove(item);
        } catch (e) {
          handleError(e, { title: 'Delete Failed' });
          throw e;
        }
      }}
    />
  );
}
