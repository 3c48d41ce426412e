import { Box, Button, Checkbox, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { StatusBadge, formatMB, toAppError, validityStatus } from '@quarry/shared';
import type { FileInfo, FileListResponse } from '@quarry/shared/schemas';
import type { UseQueryResult } from '@tanstack/react-query';

export interface FilePickerProps {
  /** Accessible name of the list. */
  label: string;
  /** Either a files query or a ready list. */
  query?: Pick<UseQueryResult<FileListResponse>, 'isPending' | 'isError' | 'error' | 'data' | 'refetch'>;
  files?: FileInfo[];
  /** Files not to offer (e.g. already in the dataset). */
  exclude?: ReadonlySet<string>;
  selected: string[];
  onChange: (ids: string[]) => void;
  emptyText: string;
}

/** A checkbox list of files with Select all / Deselect all. */
export function FilePicker({ label, query, files: given, exclude, selected, onChange, emptyText }: FilePickerProps) {
  if (query?.isPending) {
    return (
      <HStack py="4" role="status">
        <Spinner size="sm" />
        <Text color="fg.muted">Loading files...</Text>
      </HStack>
    );
  }
  if (query?.isError) {
    return (
      <HStack py="2" gap="3">
        <Text color="fg.error">{toAppError(query.error).message}</Text>
        <Button size="xs" variant="outline" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </HStack>
    );
  }
  const files = (given ?? query?.data?.files ?? []).filter((f) => !exclude?.has(f.id));
  if (files.length === 0) return <Text color="fg.muted" py="2">{emptyText}</Text>;

  const chosen = new Set(selected);
  const allChosen = files.every((f) => chosen.has(f.id));
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((x) => x !== id));

  return (
    <Stack gap="2" w="full">
      <HStack justify="space-between">
        <Text textStyle="sm" color="fg.muted">
          {files.length} file{files.length === 1 ? '' : 's'}
        </Text>
        <Button size="xs" variant="ghost" onClick={() => onChange(allChosen ? selected.filter((id) => !files.some((f) => f.id === id)) : [...new Set([...selected, ...files.map((f) => f.id)])])}>
          {allChosen ? 'Deselect all' : 'Select all'}
        </Button>
      </HStack>
      <Box role="group" aria-label={label} maxH="60" overflowY="auto" borderWidth="1px" borderRadius="l2" divideY="1px">
        {files.map((f) => (
          <Checkbox.Root
            key={f.id}
            checked={chosen.has(f.id)}
            onCheckedChange={(d) => toggle(f.id, d.checked === true)}
            px="3"
            py="2"
            w="full"
            alignItems="center"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label flex="1" minW="0">
              <HStack justify="space-between" gap="2">
                <Text truncate>{f.filename}</Text>
                <HStack gap="2" flexShrink={0}>
                  <Text textStyle="xs" color="fg.muted">
                    {formatMB(f.file_size)} · {f.actual_pages ?? '-'} p
                  </Text>
                  <StatusBadge kind="validity" status={validityStatus(f.is_valid)} size="sm" />
                </HStack>
              </HStack>
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Box>
    </Stack>
  );
}
