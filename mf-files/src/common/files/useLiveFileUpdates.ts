import { datasetKeys, events, fileKeys, useCurrentUser } from '@quarry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { debounceTime } from 'rxjs';

/**
 * Validity verdicts arrive on the event bus (the shell's socket): refresh the file lists and
 * the datasets' counts when they do, once per burst. No toast here: the shell shows them.
 */
export function useLiveFileUpdates() {
  const client = useQueryClient();
  const userId = useCurrentUser()?.id;
  useEffect(() => {
    const sub = events.uploadEvents$.pipe(debounceTime(300)).subscribe(() => {
      void client.invalidateQueries({ queryKey: fileKeys.all(userId) });
      void client.invalidateQueries({ queryKey: datasetKeys.all(userId) });
    });
    return () => sub.unsubscribe();
  }, [client, userId]);
}
