// The numbered page control under a paged list: Previous, the page numbers around the current
// one (with ellipses), Next. The files library and the jobs list both page this way, and their
// browser tests find the buttons by these names.
import { ButtonGroup, IconButton, Pagination } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';

export interface PageNumbersProps {
  /** rows in the whole list */
  count: number;
  pageSize: number;
  /** the page shown, from 1 */
  page: number;
  onPageChange: (page: number) => void;
}

/** Nothing when the whole list fits on one page. The current page carries aria-current="page". */
export function PageNumbers({ count, pageSize, page, onPageChange }: PageNumbersProps) {
  if (count <= pageSize) return null;
  return (
    <Pagination.Root count={count} pageSize={pageSize} page={page} siblingCount={1} onPageChange={(d) => onPageChange(d.page)}>
      <ButtonGroup variant="ghost" size="sm" attached={false} gap="1" wrap="wrap">
        <Pagination.PrevTrigger asChild>
          <IconButton aria-label="Previous page">
            <ChevronLeft />
          </IconButton>
        </Pagination.PrevTrigger>
        <Pagination.Items
          render={(item) => (
            <IconButton variant={{ base: 'ghost', _selected: 'outline' }} aria-label={`Page ${item.value}`}>
              {item.value}
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
  );
}
