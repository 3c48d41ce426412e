import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../testing/render';
import { CopyButton } from './CopyButton';
import { toaster } from './toaster';

afterEach(() => jest.restoreAllMocks());

function mockClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

it('copies the text and shows the success toast it was given', async () => {
  const writeText = jest.fn(() => Promise.resolve());
  const create = jest.spyOn(toaster, 'create');
  renderUi(<CopyButton text="OCR text here" successTitle="Copied" successMessage="OCR text copied to clipboard" />);
  const user = userEvent.setup();
  mockClipboard(writeText); // after setup(): user-event installs its own clipboard
  await user.click(screen.getByRole('button', { name: 'Copy' }));
  expect(writeText).toHaveBeenCalledWith('OCR text here');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument());
  expect(create).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: 'Copied', description: 'OCR text copied to clipboard' }));
});

it("a clipboard failure shows the destructive 'Copy failed' toast with the given text", async () => {
  const create = jest.spyOn(toaster, 'create');
  renderUi(<CopyButton text={() => '{"a":1}'} failureMessage="Could not copy content to clipboard" />);
  const user = userEvent.setup();
  mockClipboard(() => Promise.reject(new Error('denied')));
  await user.click(screen.getByRole('button', { name: 'Copy' }));
  await waitFor(() =>
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', title: 'Copy failed', description: 'Could not copy content to clipboard' })),
  );
  expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
});
