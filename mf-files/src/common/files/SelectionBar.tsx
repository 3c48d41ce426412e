// What the selected files can do together: delete (after a confirmation), go into a dataset,
// or run the pipeline (its form opens with them chosen). 'Create Dataset (n)' stays in the
// library's toolbar.
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, DialogFrame, SelectField, paths, plural, toAppError, toast, ButtonLink } from '@quarry/shared';
import type { FileBulkResponse } from '@quarry/shared/schemas';
import { FolderInput, Play, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useDatasets } from '../datasets/queries';
import { useBulkFiles } from './queries';

export interface SelectionBarProps {
  selected: string[];
  /** the selected files' names, where known (the confirmation names up to five) */
  names: Map<string, string>;
  onClear: () => void;
  /** after a bulk action: the ids that are gone or done, to leave the selection */
  onDone: (done: string[]) => void;
}

/** Tells what a bulk answer did, naming the refusals. */
function report(title: string, answer: FileBulkResponse, names: Map<string, string>) {
  if (answer.refused.length === 0) {
    toast.success(title, answer.message);
    return;
  }
  const reasons = answer.refused
    .slice(0, 3)
    .map((r) => `${names.get(r.id) ?? r.id}: ${r.reason}`)
    .join(' · ');
  (answer.done.length > 0 ? toast.warning : toast.error)(title, `${answer.message}. ${reasons}`);
}

export function SelectionBar({ selected, names, onClear, onDone }: SelectionBarProps) {
  const [confirming, setConfirming] = useState(false);
  const [adding, setAdding] = useState(false);
  const bulk = useBulkFiles();
  const count = selected.length;
  const listed = selected.slice(0, 5).map((id) => names.get(id) ?? id);

  const remove = async () => {
    try {
      const answer = await bulk.mutateAsync({ action: 'delete', file_ids: selected });
      report('Files deleted', answer, names);
      onDone(answer.done);
    } catch (e) {
      toast.error('Delete Failed', toAppError(e).message);
      throw e;
    }
  };

  return (
    <HStack
      role="region"
      aria-label="Selected files"
      data-testid="selection-bar"
      gap="2"
      wrap="wrap"
      px="3"
      py="2"
      borderWidth="1px"
      borderRadius="l2"
      bg="colorPalette.subtle"
      colorPalette="brand"
    >
      <Text fontWeight="semibold" textStyle="sm" me="auto" aria-live="polite">
        {plural(count, 'file')} selected
      </Text>
      <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
        <Trash2 /> Delete
      </Button>
      <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
        <FolderInput /> Add to dataset
      </Button>
      <ButtonLink to={paths.jobs.pipelineFor({ files: selected })} size="sm" variant="outline">
        <Play /> Run pipeline
      </ButtonLink>
      <Button size="sm" variant="ghost" onClick={onClear} aria-label="Clear selection">
        <X /> Clear
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${plural(count, 'file')}?`}
        message={
          <Stack gap="2">
            <Text>
              Are you sure you want to delete {count === 1 ? 'this file' : `these ${count} files`}? This action cannot be undone.
            </Text>
            <Text textStyle="sm" color="fg.muted">
              {listed.join(', ')}
              {count > listed.length ? ` and ${count - listed.length} more` : ''}
            </Text>
            <Text textStyle="sm" color="fg.muted">
              Files that are in a dataset are kept: remove them from their datasets first.
            </Text>
          </Stack>
        }
        confirmLabel="Delete"
        destructive
        loading={bulk.isPending}
        onConfirm={remove}
      />
      {adding ? (
        <AddToDatasetDialog
          fileIds={selected}
          names={names}
          onClose={() => setAdding(false)}
          onDone={(done) => {
            setAdding(false);
            onDone(done);
          }}
        />
      ) : null}
    </HStack>
  );
}

function AddToDatasetDialog({ fileIds, names, onClose, onDone }: { fileIds: string[]; names: Map<string, string>; onClose: () => void; onDone: (done: string[]) => void }) {
  const datasets = useDatasets('');
  const bulk = useBulkFiles();
  const [chosen, setChosen] = useState('');
  const active = (datasets.data?.datasets ?? []).filter((d) => d.status === 'active');
  const target = chosen || active[0]?.id || '';

  const add = async () => {
    try {
      const answer = await bulk.mutateAsync({ action: 'add_to_dataset', dataset_id: target, file_ids: fileIds });
      report('Files added', answer, names);
      onDone(answer.done);
    } catch (e) {
      toast.error('Error Adding Files', toAppError(e).message);
    }
  };

  return (
    <DialogFrame
      open
      onClose={onClose}
      title={`Add ${plural(fileIds.length, 'file')} to a dataset`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="brand" onClick={() => void add()} disabled={!target} loading={bulk.isPending}>
            Add
          </Button>
        </>
      }
    >
      {datasets.isPending ? (
        <Text color="fg.muted">Loading datasets...</Text>
      ) : datasets.isError ? (
        <Text color="fg.error">Failed to load datasets: {toAppError(datasets.error).message}</Text>
      ) : active.length === 0 ? (
        <Text color="fg.muted">No active datasets yet. Create one from the selection instead.</Text>
      ) : (
        <SelectField label="Dataset" value={target} onChange={setChosen} options={active.map((d) => ({ value: d.id, label: `${d.name} (${plural(d.file_count, 'file')})` }))} />
      )}
    </DialogFrame>
  );
}
