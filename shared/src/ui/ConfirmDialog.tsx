import { Button, Dialog } from '@chakra-ui/react';
import { useRef, useState, type ReactNode } from 'react';
import { DialogFrame } from './DialogFrame';

export interface ConfirmDialogProps {
  open: boolean;
  /** Called with false when the dialog asks to close (Cancel, Escape, close button, outside click). */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The question, e.g. 'Are you sure you want to delete dataset "X"? This action cannot be undone.' */
  message?: ReactNode;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** May return a promise: the button shows a spinner and the dialog closes when it resolves. */
  onConfirm: () => void | Promise<unknown>;
  /** Red confirm button, and initial focus on Cancel. */
  destructive?: boolean;
  /** Busy from outside (e.g. a mutation's isPending). */
  loading?: boolean;
  /** Close after a successful confirm (default true). */
  closeOnConfirm?: boolean;
}

/**
 * A Chakra alert dialog: focus is trapped inside, Tab moves between the buttons, Enter or
 * Space activates the focused one, Escape cancels. Focus starts on Cancel for destructive
 * actions, on the confirm button otherwise, and returns to the opener on close.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  children,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  onConfirm,
  destructive = false,
  loading = false,
  closeOnConfirm = true,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const busy = pending || loading;

  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
      if (closeOnConfirm) onOpenChange(false);
    } catch {
      /* the caller reports the failure; the dialog stays open */
    } finally {
      setPending(false);
    }
  };

  return (
    <DialogFrame
      role="alertdialog"
      open={open}
      onClose={() => onOpenChange(false)}
      busy={busy}
      placement="top"
      title={title}
      initialFocusEl={() => (destructive ? cancelRef.current : confirmRef.current)}
      lazyMount
      unmountOnExit
      footer={
        <>
          <Button ref={cancelRef} variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button ref={confirmRef} colorPalette={destructive ? 'red' : 'brand'} loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {message ? <Dialog.Description>{message}</Dialog.Description> : null}
      {children}
    </DialogFrame>
  );
}
