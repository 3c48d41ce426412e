import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderUi } from '../testing/render';
import { ConfirmDialog } from './ConfirmDialog';

// jsdom has no layout, so every element looks invisible to the focus trap (zag's
// isElementVisible reads offsetWidth/offsetHeight). Give elements a size, as a browser would.
const sizes = ['offsetWidth', 'offsetHeight'] as const;
const originals = sizes.map((key) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, key));
beforeAll(() => {
  for (const key of sizes) Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => 10 });
});
afterAll(() => {
  sizes.forEach((key, i) => Object.defineProperty(HTMLElement.prototype, key, originals[i]!));
});

function Harness({ onConfirm, destructive = true }: { onConfirm: () => void | Promise<unknown>; destructive?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Delete dataset</button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete Dataset"
        message='Are you sure you want to delete dataset "Invoices"? This action cannot be undone.'
        confirmLabel="Delete"
        destructive={destructive}
        onConfirm={onConfirm}
      />
    </>
  );
}

it('is an alert dialog operated by keyboard: focus on Cancel, Tab cycles inside, Enter confirms and closes', async () => {
  const user = userEvent.setup();
  const onConfirm = jest.fn();
  renderUi(<Harness onConfirm={onConfirm} />);
  await user.click(screen.getByRole('button', { name: 'Delete dataset' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Are you sure you want to delete dataset "Invoices"? This action cannot be undone.');
  expect(dialog).toHaveAccessibleName('Delete Dataset');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
  await user.tab();
  expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
  // Focus stays inside: Delete → Close → back to Cancel.
  await user.tab();
  expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(onConfirm).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
});

it('Escape cancels without confirming', async () => {
  const user = userEvent.setup();
  const onConfirm = jest.fn();
  renderUi(<Harness onConfirm={onConfirm} />);
  await user.click(screen.getByRole('button', { name: 'Delete dataset' }));
  const dialog = await screen.findByRole('alertdialog');
  // The dialog listens for Escape once it has taken focus; pressing it earlier (a slow
  // machine) would test the test, not the dialog.
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(onConfirm).not.toHaveBeenCalled();
});

it('Space on the focused Cancel button cancels; a failing async confirm keeps the dialog open', async () => {
  const user = userEvent.setup();
  const onConfirm = jest.fn(() => Promise.reject(new Error('Delete Failed')));
  renderUi(<Harness onConfirm={onConfirm} />);
  await user.click(screen.getByRole('button', { name: 'Delete dataset' }));
  await screen.findByRole('alertdialog');
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled());
  screen.getByRole('button', { name: 'Cancel' }).focus();
  await user.keyboard(' ');
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
});

it('focus starts on the confirm button when the action is not destructive', async () => {
  const user = userEvent.setup();
  renderUi(<Harness onConfirm={() => undefined} destructive={false} />);
  await user.click(screen.getByRole('button', { name: 'Delete dataset' }));
  await screen.findByRole('alertdialog');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus());
});
