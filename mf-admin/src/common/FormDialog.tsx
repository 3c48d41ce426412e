// The admin's edit dialogs (adjust a balance, edit a resource type): a centred dialog holding
// one form, Cancel and the submit button in its footer, and no way to close it while the save
// is in flight.
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  /** the save in flight: Cancel and the close button are off, the submit button spins */
  pending: boolean;
  size: Dialog.RootProps['size'];
  title: ReactNode;
  /** the form's accessible name */
  formLabel: string;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
  /** the form's fields; null renders no form (nothing to edit yet) */
  children: ReactNode;
}

export function FormDialog({ open, onClose, pending, size, title, formLabel, submitLabel, onSubmit, children }: FormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && !pending && onClose()} placement="center" size={size}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {children ? (
              <form onSubmit={onSubmit} noValidate aria-label={formLabel}>
                <Dialog.Header>
                  <Dialog.Title>{title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>{children}</Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={onClose} disabled={pending}>
                    Cancel
                  </Button>
                  <Button type="submit" colorPalette="brand" loading={pending} loadingText="Saving...">
                    {submitLabel}
                  </Button>
                </Dialog.Footer>
              </form>
            ) : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={pending} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
