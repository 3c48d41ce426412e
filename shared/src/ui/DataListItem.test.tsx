import { DataList } from '@chakra-ui/react';
import { screen } from '@testing-library/react';
import { renderUi } from '../testing/render';
import { DataListItem } from './DataListItem';

it('shows the label and its value, with the value props on the value', () => {
  renderUi(
    <DataList.Root>
      <DataListItem label="Email" data-testid="email-value">
        ada@example.com
      </DataListItem>
    </DataList.Root>,
  );
  expect(screen.getByText('Email')).toBeInTheDocument();
  expect(screen.getByTestId('email-value')).toHaveTextContent('ada@example.com');
});
