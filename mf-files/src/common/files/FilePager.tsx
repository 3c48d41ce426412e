import { HStack, Text } from '@chakra-ui/react';
import { PageNumbers, plural, SelectInput } from '@quarry/shared';

export const PAGE_SIZES = [20, 50, 100] as const;

export interface FilePagerProps {
  offset: number;
  pageSize: number;
  total: number;
  /** files shown on this page */
  shown: number;
  onOffset: (offset: number) => void;
  onPageSize: (size: number) => void;
}

/** "Showing 1–20 of 57 files", the page size and the pages. */
export function FilePager({ offset, pageSize, total, shown, onOffset, onPageSize }: FilePagerProps) {
  const from = shown === 0 ? 0 : offset + 1;
  const to = offset + shown;
  return (
    <HStack justify="space-between" gap="3" wrap="wrap">
      <Text textStyle="sm" color="fg.muted" data-testid="file-range">
        Showing {from}–{to} of {plural(total, 'file')}
      </Text>
      <HStack gap="3" wrap="wrap">
        <HStack gap="2">
          <Text asChild textStyle="sm" color="fg.muted" whiteSpace="nowrap">
            <label htmlFor="file-page-size">Files per page</label>
          </Text>
          <SelectInput size="sm" width="20" id="file-page-size" value={String(pageSize)} onChange={(v) => onPageSize(Number(v))} options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))} />
        </HStack>
        <PageNumbers count={total} pageSize={pageSize} page={Math.floor(offset / pageSize) + 1} onPageChange={(page) => onOffset((page - 1) * pageSize)} />
      </HStack>
    </HStack>
  );
}
