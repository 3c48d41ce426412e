import { ConfirmDialog, handleError, toAppError, toast } from '@quarry/shared';
import type { FileInfo } from '@quarry/shared/schemas';
import { useState } from 'react';
import { isInDatasetsRefusal, useDeleteFile } from './queries';

export const FILE_DELETE_TEXTS = {
  title: 'Delete File',
  question: (filename: string) => `Are you sure you want to delete "${filename}"? This action cannot be undone.`,
  forceTitle: 'File Is in Datasets',
  forceQuestion: 'Delete it anyway and remove it from all datasets?',
  forceConfirm: 'Delete and Remove from Datasets',
  deleted: 'File Deleted',
  failed: 'Delete Failed',
} as const;

type Stage = { kind: 'confirm'; file: FileInfo } | { kind: 'force'; file: FileInfo; reason: string } | null;

/**
 * Deleting a file (docs/product/files-and-datasets.md#delete-a-file): confirm; when the server
 * refuses because the file is in datasets, ask whether to force (remove it from all datasets)
 * and do so on confirm. Any other failure goes to the general handler as 'Delete Failed'.
 */
export function useDeleteFileFlow() {
  const [stage, setStage] = useState<Stage>(null);
  const remove = useDeleteFile();

  const run = async (file: FileInfo, force: boolean) => {
    try {
      await remove.mutateAsync({ id: file.id, force });
      toast.success(FILE_DELETE_TEXTS.deleted, file.filename);
    } catch (error) {
      if (!force && isInDatasetsRefusal(error)) {
        const e = toAppError(error);
        setStage({ kind: 'force', file, reason: e.serverMessage ?? e.message });
        return;
      }
      handleError(error, { title: FILE_DELETE_TEXTS.failed });
      throw error;
    }
  };

  const close = (kind: 'confirm' | 'force') => (open: boolean) => {
    if (!open) setStage((s) => (s?.kind === kind ? null : s));
  };

  const dialogs = (
    <>
      <ConfirmDialog
        open={stage?.kind === 'confirm'}
        onOpenChange={close('confirm')}
        title={FILE_DELETE_TEXTS.title}
        message={stage ? FILE_DELETE_TEXTS.question(stage.file.filename) : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (stage ? run(stage.file, false) : undefined)}
      />
      <ConfirmDialog
        open={stage?.kind === 'force'}
        onOpenChange={close('force')}
        title={FILE_DELETE_TEXTS.forceTitle}
        message={stage?.kind === 'force' ? `${stage.reason} ${FILE_DELETE_TEXTS.forceQuestion}` : ''}
        confirmLabel={FILE_DELETE_TEXTS.forceConfirm}
        destructive
        onConfirm={() => (stage ? run(stage.file, true) : undefined)}
      />
    </>
  );

  return { ask: (file: FileInfo) => setStage({ kind: 'confirm', file }), dialogs };
}
