import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../testing/render';
import { SelectField } from './SelectField';

const OPTIONS = [
  { value: 'text', label: 'Text' },
  { value: 'table', label: 'Table' },
] as const;

it('lists the placeholder first, then the options, and reports the chosen value', async () => {
  const onChange = jest.fn();
  renderUi(<SelectField label="Type" value="" onChange={onChange} options={OPTIONS} placeholder="Select a type" helper="What the prompt reads." />);
  const select = screen.getByRole('combobox', { name: 'Type' });
  expect(Array.from((select as HTMLSelectElement).options).map((o) => o.text)).toEqual(['Select a type', 'Text', 'Table']);
  expect(screen.getByText('What the prompt reads.')).toBeInTheDocument();
  await userEvent.setup().selectOptions(select, 'table');
  expect(onChange).toHaveBeenCalledWith('table');
});

it('shows the error and the required indicator when asked', () => {
  renderUi(<SelectField label="Type" value="text" onChange={() => undefined} options={OPTIONS} required error="Choose one" />);
  expect(screen.getByRole('combobox', { name: /Type/ })).toBeRequired();
  expect(screen.getByText('Choose one')).toBeInTheDocument();
});
