import { SelectInput } from '@quarry/shared';
import type { SortOrder } from '@quarry/shared/schemas';

/** One way to sort a list: a column and a direction. */
export interface ListSort<C extends string> {
  sort: C;
  order: SortOrder;
}

const keyOf = ({ sort, order }: ListSort<string>) => `${sort}:${order}`;

/** A choice of sort: its label, and its value `column:order` for the drop-down. */
export interface SortOption<C extends string> {
  value: string;
  label: string;
  sort: ListSort<C>;
}

/** A drop-down of a list's sorts. */
export function SortChoice<C extends string>({
  label,
  size,
  choices,
  value,
  onChange,
}: {
  label: string;
  size: 'sm' | 'md';
  choices: readonly SortOption<C>[];
  value: ListSort<C>;
  onChange: (sort: ListSort<C>) => void;
}) {
  return (
    <SelectInput
      size={size}
      width="auto"
      label={label}
      value={keyOf(value)}
      onChange={(key) => {
        const choice = choices.find((c) => c.value === key);
        if (choice) onChange(choice.sort);
      }}
      options={choices}
    />
  );
}
