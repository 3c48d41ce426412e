import { screen } from '@testing-library/react';
import { renderUi } from '../testing/render';
import { ErrorAlert } from './ErrorAlert';

it('shows the error, with the root props on the alert', () => {
  renderUi(<ErrorAlert message="Insufficient balance" data-testid="failure" />);
  expect(screen.getByTestId('failure')).toHaveTextContent('Insufficient balance');
});

it('shows nothing without an error', () => {
  const { container } = renderUi(<ErrorAlert message={null} />);
  expect(container).toBeEmptyDOMElement();
});
