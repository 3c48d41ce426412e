import { ButtonGroup, HStack, IconButton, NativeSelect, Pagination, Text } from '@chakra-ui/react';
import { plural } from '@quarry/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';

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
          <NativeSelect.Root size="sm" width="20">
            <NativeSelect.Field id="file-page-size" value={String(pageSize)} onChange={(e) => onPageSize(Number(e.currentTarget.value))}>
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        {total > pageSize ? (
          <Pagination.Root
            count={total}
            pageSize={pageSize}
            page={Math.floor(offset / pageSize) + 1}
            siblingCount={1}
            onPageChange={(d) => onOffset((d.page - 1) * pageSize)}
          >
            <ButtonGroup variant="ghost" size="sm" attached={false} gap="1">
              <Pagination.PrevTrigger asChild>
                <IconButton aria-label="Previous page">
                  <ChevronLeft />
                </IconButton>
              </Pagination.PrevTrigger>
              <Pagination.Items
                render={(page) => (
                  <IconButton variant={{ base: 'ghost', _selected: 'outline' }} aria-label={`Page ${page.value}`}>
                    {page.value}
                  </IconButton>
                )}
              />
              <Pagination.NextTrigger asChild>
                <IconButton aria-label="Next page">
                  <ChevronRight />
                </IconButton>
              </Pagination.NextTrigger>
            </ButtonGroup>
          </Pagination.Root>
        ) : null}
      </HStack>
    </HStack>
  );
}
