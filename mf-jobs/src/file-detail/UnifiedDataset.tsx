// Unified Dataset sub-tab: the merged record (@quarry/shared/review) as a readable table — fields as
// name/value rows, each list (table rows from all table chunks, in order) as its own table.
import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { EmptyState } from '@quarry/shared';
import type { ExtractionResult } from '@quarry/shared/schemas';
import { useMemo } from 'react';
import { cellText, columnsOf, fieldLabel, splitRecord, unifyResults } from '@quarry/shared/review';

export function UnifiedDataset({ results }: { results: ExtractionResult[] }) {
  const { fields, lists } = useMemo(() => splitRecord(unifyResults(results)), [results]);
  if (fields.length === 0 && lists.length === 0) {
    return <EmptyState title="No extracted data" description="No chunk of the latest extraction produced data." />;
  }
  return (
    <Stack gap="6">
      {fields.length ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label="Unified fields">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Field</Table.ColumnHeader>
                <Table.ColumnHeader>Value</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {fields.map(([key, value]) => (
                <Table.Row key={key}>
                  <Table.Cell fontWeight="medium">{fieldLabel(key)}</Table.Cell>
                  <Table.Cell whiteSpace="pre-wrap" wordBreak="break-word">
                    {cellText(value)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
      {lists.map(([key, rows]) => (
        <RowsTable key={key} name={key} rows={rows} />
      ))}
    </Stack>
  );
}

function RowsTable({ name, rows }: { name: string; rows: unknown[] }) {
  const cols = columnsOf(rows);
  return (
    <Box as="section" aria-label={fieldLabel(name)}>
      <Heading size="sm" mb="2">
        {fieldLabel(name)}{' '}
        <Text as="span" fontWeight="normal" color="fg.muted">
          ({rows.length} rows)
        </Text>
      </Heading>
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" aria-label={fieldLabel(name)} striped>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>#</Table.ColumnHeader>
              {cols.length ? cols.map((c) => <Table.ColumnHeader key={c}>{fieldLabel(c)}</Table.ColumnHeader>) : <Table.ColumnHeader>Value</Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, i) => (
              <Table.Row key={i}>
                <Table.Cell color="fg.muted">{i + 1}</Table.Cell>
                {cols.length ? (
                  cols.map((c) => <Table.Cell key={c}>{cellText(typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[c] : undefined)}</Table.Cell>)
                ) : (
                  <Table.Cell>{cellText(row)}</Table.Cell>
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}
