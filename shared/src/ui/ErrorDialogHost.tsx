import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { closeErrorDialog, errorDialog$, getErrorDialog } from '../errors/handler';

function subscribe(onChange: () => void) {
  const sub = errorDialog$.subscribe(() => onChange());
  return () => sub.unsubscribe();
}

/** Renders the general error handler's modal mode. Rendered once by AppProviders. */
export function ErrorDialogHost() {
  const current = useSyncExternalStore(subscribe, getErrorDialog, getErrorDialog);
  return (
    <Dialog.Root role="alertdialog" open={current !== null} onOpenChange={(d) => !d.open && closeErrorDialog()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{current?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{current?.message}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={closeErrorDialog}>
                Close
              </Button>
              {current?.onRetry ? (
                <Button
                  colorPalette="brand"
                  onClick={() => {
                    const retry = current.onRetry;
                    closeErrorDialog();
                    retry?.();
                  }}
                >
                  Retry
                </Button>
              ) : null}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
