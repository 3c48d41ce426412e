import { screen } from '@testing-library/react';
import { renderUi } from '@quarry/shared/testing';
import { FailureAlert } from './FailureAlert';

it('shows the failure', () => {
  renderUi(<FailureAlert message="Insufficient balance" />);
  expect(screen.getByText('Insufficient balance')).toBeInTheDocument();
});

it('shows nothing without a failure', () => {
  const { container } = renderUi(<FailureAlert message={null} />);
  expect(container).toBeEmptyDOMElement();
});
