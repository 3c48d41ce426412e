import { Table } from '@chakra-ui/react';
import { screen, within } from '@testing-library/react';
import { renderUi } from '../testing/render';
import { DataTable } from './DataTable';

describe('DataTable', () => {
  it('names the table, heads it with the columns and renders the rows', () => {
    renderUi(
      <DataTable label="Keys" columns={['Name', { label: 'Calls', textAlign: 'end' }, { label: <span>Actions</span>, key: 'actions' }]}>
        <Table.Row>
          <Table.Cell>alpha</Table.Cell>
          <Table.Cell>3</Table.Cell>
          <Table.Cell />
        </Table.Row>
      </DataTable>,
    );
    const table = screen.getByRole('table', { name: 'Keys' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Calls', 'Actions']);
    expect(within(table).getByRole('cell', { name: 'alpha' })).toBeInTheDocument();
  });
});
