import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../testing/render';
import { PageNumbers } from './PageNumbers';

it('shows Previous, the pages around the current one and Next, and marks the current page', () => {
  renderUi(<PageNumbers count={200} pageSize={20} page={5} onPageChange={() => undefined} />);
  for (const name of ['Previous page', 'Page 1', 'Page 4', 'Page 5', 'Page 6', 'Page 10', 'Next page']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Page 3' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('button', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
});

it('reports the page chosen by number, by Next and by Previous', async () => {
  const onPageChange = jest.fn();
  renderUi(<PageNumbers count={57} pageSize={20} page={2} onPageChange={onPageChange} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Page 3' }));
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  await user.click(screen.getByRole('button', { name: 'Previous page' }));
  expect(onPageChange.mock.calls).toEqual([[3], [3], [1]]);
});

it('shows nothing when the whole list fits on one page', () => {
  const { container } = renderUi(<PageNumbers count={20} pageSize={20} page={1} onPageChange={() => undefined} />);
  expect(container).toBeEmptyDOMElement();
});
