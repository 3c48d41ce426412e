import { Button } from '@chakra-ui/react';
import { MessageSquarePlus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { FeedbackDialog } from './FeedbackDialog';

/** The 'Feedback' button at the bottom right and its dialog. */
export function FeedbackButton() {
  const [open, setOpen] = useState(false);
  const onOpenChange = useCallback((next: boolean) => setOpen(next), []);
  return (
    <>
      <Button size="xs" colorPalette="brand" rounded="full" shadow="sm" onClick={() => setOpen(true)}>
        <MessageSquarePlus />
        Feedback
      </Button>
      <FeedbackDialog open={open} onOpenChange={onOpenChange} />
    </>
  );
}
