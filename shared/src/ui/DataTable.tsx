// The frame every plain table of the apps shares: a scroll area (a 1px border with rounded
// corners unless told otherwise), a small table with its accessible name, one header row of
// column headers, and the body rows the caller renders.
import { Table } from '@chakra-ui/react';
import { Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';

/**
 * A column header: its text; its content with the header cell's own props (alignment,
 * display); or a whole header cell of the caller's (a sortable one), rendered as it is.
 */
export type DataTableColumn = string | ReactElement | (Table.ColumnHeaderProps & { label: ReactNode; key?: string });

export interface DataTableProps extends Omit<Table.RootProps, 'children' | 'columns'> {
  /** the table's accessible name */
  label?: string;
  columns: readonly DataTableColumn[];
  /** the body rows */
  children: ReactNode;
  /** a `Table.Caption`, before the header */
  caption?: ReactNode;
  /** the scroll area's props; the default frame is a 1px border with l2 corners */
  scrollAreaProps?: Table.ScrollAreaProps;
}

const DEFAULT_FRAME: Table.ScrollAreaProps = { borderWidth: '1px', rounded: 'l2' };

function ColumnHeader({ column }: { column: Exclude<DataTableColumn, ReactElement> }) {
  if (typeof column === 'string') return <Table.ColumnHeader>{column}</Table.ColumnHeader>;
  const { label, key: _key, ...props } = column;
  return <Table.ColumnHeader {...props}>{label}</Table.ColumnHeader>;
}

function columnKey(column: DataTableColumn, index: number): string {
  if (typeof column === 'string') return column;
  if (isValidElement(column)) return column.key ?? String(index);
  return column.key ?? (typeof column.label === 'string' ? column.label : String(index));
}

export function DataTable({ label, columns, children, caption, scrollAreaProps = DEFAULT_FRAME, size = 'sm', ...root }: DataTableProps) {
  return (
    <Table.ScrollArea {...scrollAreaProps}>
      <Table.Root size={size} aria-label={label} {...root}>
        {caption}
        <Table.Header>
          <Table.Row>
            {columns.map((column, i) =>
              isValidElement(column) ? (
                <Fragment key={columnKey(column, i)}>{column}</Fragment>
              ) : (
                <ColumnHeader key={columnKey(column, i)} column={column} />
              ),
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
