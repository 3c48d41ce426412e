import { RadioGroup } from '@chakra-ui/react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../testing/render';
import { RadioItem } from './RadioItem';

it('is a labelled radio of its group', async () => {
  const onChange = jest.fn();
  renderUi(
    <RadioGroup.Root defaultValue="low" onValueChange={(d) => onChange(d.value)} aria-label="Urgency">
      <RadioItem value="low">Low</RadioItem>
      <RadioItem value="high">High</RadioItem>
    </RadioGroup.Root>,
  );
  expect(screen.getByRole('radio', { name: 'Low' })).toBeChecked();
  await userEvent.click(screen.getByText('High'));
  expect(onChange).toHaveBeenCalledWith('high');
});
