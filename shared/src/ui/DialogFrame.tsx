// The frame the apps' dialogs share: over a backdrop (centred unless told otherwise), its title,
// the body, the buttons in its footer and the close button. While `busy` (a change in flight)
// nothing closes it.
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface DialogFrameProps extends Omit<Dialog.RootProps, 'open' | 'onOpenChange' | 'children'> {
  open: boolean;
  /** Escape, the close button or a click outside; not called while busy */
  onClose: () => void;
  busy?: boolean;
  title: ReactNode;
  /** the body */
  children: ReactNode;
  /** the buttons, the main one last */
  footer?: ReactNode;
}

export function DialogFrame({ open, onClose, busy = false, title, children, footer, placement = 'center', ...root }: DialogFrameProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && !busy && onClose()} placement={placement} {...root}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer ? <Dialog.Footer>{footer}</Dialog.Footer> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
