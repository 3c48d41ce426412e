import { Button } from '@chakra-ui/react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../testing/render';
import { DialogFrame } from './DialogFrame';

it('shows the title, the body and the footer, and closes on the close button', async () => {
  const onClose = jest.fn();
  renderUi(
    <DialogFrame open onClose={onClose} title="Add files" footer={<Button>Add</Button>}>
      Pick a dataset
    </DialogFrame>,
  );
  expect(await screen.findByRole('dialog', { name: 'Add files' })).toHaveTextContent('Pick a dataset');
  expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(onClose).toHaveBeenCalled();
});

it('does not close while busy', async () => {
  const onClose = jest.fn();
  renderUi(
    <DialogFrame open onClose={onClose} busy title="Add files">
      Pick a dataset
    </DialogFrame>,
  );
  await screen.findByRole('dialog');
  expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
  await userEvent.keyboard('{Escape}');
  expect(onClose).not.toHaveBeenCalled();
});
