import { handleError, useCurrentUser } from '@quarry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { invalidateAfterUpload } from './queries';
import type { RunHooks, UploadStore } from './store';

export const UPLOAD_FAILED_TITLE = 'Upload Failed';

/**
 * A store's state plus its actions, bound to the query cache: every run that reached the
 * server invalidates the shared keys. Success and per-file failures are NOT toasted here:
 * the server's realtime upload events already become toasts in the shell; only a refused
 * preflight (no event) goes through the general error handler.
 */
export function useUploads(store: UploadStore) {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const client = useQueryClient();
  const userId = useCurrentUser()?.id;
  const actions = useMemo(() => {
    const hooks: RunHooks = {
      onSettled: () => invalidateAfterUpload(client, userId),
      onError: (message, error) => handleError(error, { title: UPLOAD_FAILED_TITLE, message }),
    };
    return {
      add: store.add,
      start: (batchId: string) => store.start(batchId, hooks),
      /** Adds and sends at once (the library's drop zone). */
      send: (files: File[]) => {
        const added = store.add(files);
        if (added.batchId) void store.start(added.batchId, hooks);
        return added;
      },
      cancel: store.cancel,
      retry: (key: string) => store.retry(key, hooks),
      remove: store.remove,
      clearFinished: store.clearFinished,
      reset: store.reset,
    };
  }, [store, client, userId]);
  return { state, ...actions };
}
