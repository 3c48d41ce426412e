// One label and its value in a Chakra DataList: the row every detail view (an account, a
// credit request, a user, a checkout) writes out as item, label and value.
import { DataList } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface DataListItemProps extends Omit<DataList.ItemValueProps, 'children'> {
  label: ReactNode;
  /** the label's least width, so the values of a list line up */
  labelMinW?: DataList.ItemLabelProps['minW'];
  /** the value; the other props go to its DataList.ItemValue */
  children: ReactNode;
}

export function DataListItem({ label, labelMinW, children, ...value }: DataListItemProps) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW={labelMinW}>{label}</DataList.ItemLabel>
      <DataList.ItemValue {...value}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
