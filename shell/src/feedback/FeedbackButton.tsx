import { Box, Button } from '@chakra-ui/react';
import { MessageSquarePlus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { FeedbackDialog } from './FeedbackDialog';

/** The 'Feedback' button in the header (its icon alone on narrow screens) and its dialog. */
export function FeedbackButton() {
  const [open, setOpen] = useState(false);
  const onOpenChange = useCallback((next: boolean) => setOpen(next), []);
  return (
    <>
      <Button size="xs" colorPalette="brand" rounded="full" flexShrink={0} aria-label="Feedback" onClick={() => setOpen(true)}>
        <MessageSquarePlus />
        <Box as="span" display={{ base: 'none', md: 'inline' }}>
          Feedback
        </Box>
      </Button>
      <FeedbackDialog open={open} onOpenChange={onOpenChange} />
    </>
  );
}
