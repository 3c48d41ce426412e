// One choice of a Chakra v3 radio group: the hidden input, the indicator and its text, the
// three parts every radio list of the apps repeats.
import { RadioGroup } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface RadioItemProps extends Omit<RadioGroup.ItemProps, 'children'> {
  value: string;
  /** the choice's text (the item's label) */
  children: ReactNode;
}

/** The item's own props (border, padding, alignment) go to RadioGroup.Item. */
export function RadioItem({ children, ...item }: RadioItemProps) {
  return (
    <RadioGroup.Item {...item}>
      <RadioGroup.ItemHiddenInput />
      <RadioGroup.ItemIndicator />
      <RadioGroup.ItemText>{children}</RadioGroup.ItemText>
    </RadioGroup.Item>
  );
}
