import { Button, Stack, Tabs, Text } from '@chakra-ui/react';
import { DialogFrame, handleError, toast } from '@quarry/shared';
import { DatasetFilesBodySchema, type Dataset } from '@quarry/shared/schemas';
import { useEffect, useMemo, useState } from 'react';
import { useAvailableFiles } from '../files/queries';
import { FilePicker } from './FilePicker';
import { useChangeDatasetFiles } from './queries';

export const DATASET_FILES_TEXTS = {
  title: (name: string) => `Manage Files: ${name}`,
  addTab: 'Add Files',
  removeTab: 'Remove Files',
  add: (n: number) => `Add Selected (${n})`,
  remove: (n: number) => `Remove Selected (${n})`,
  added: 'Files Added',
  removed: 'Files Removed',
  addFailed: 'Error Adding Files',
  removeFailed: 'Error Removing Files',
} as const;

type Mode = 'add' | 'remove';

export interface DatasetFilesDialogProps {
  dataset: Dataset | null;
  onOpenChange: (open: boolean) => void;
}

/** The dataset file manager: add files to a dataset or remove them. */
export function DatasetFilesDialog({ dataset, onOpenChange }: DatasetFilesDialogProps) {
  const open = dataset !== null;
  const available = useAvailableFiles(open);
  const change = useChangeDatasetFiles();
  const [mode, setMode] = useState<Mode>('add');
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const inDataset = useMemo(() => new Set(dataset?.files.map((f) => f.id) ?? []), [dataset]);

  const datasetId = dataset?.id;
  useEffect(() => {
    setMode('add');
    setSelected([]);
    setError(null);
  }, [datasetId]);

  const apply = async () => {
    if (!dataset) return;
    const parsed = DatasetFilesBodySchema.safeParse({ file_ids: selected });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    try {
      await change.mutateAsync({ id: dataset.id, action: mode, fileIds: parsed.data.file_ids });
      toast.success(mode === 'add' ? DATASET_FILES_TEXTS.added : DATASET_FILES_TEXTS.removed, dataset.name);
      setSelected([]);
    } catch (e) {
      handleError(e, { title: mode === 'add' ? DATASET_FILES_TEXTS.addFailed : DATASET_FILES_TEXTS.removeFailed });
    }
  };

  const pick = (ids: string[]) => {
    setSelected(ids);
    setError(null);
  };

  return (
    <DialogFrame
      open={open}
      onClose={() => onOpenChange(false)}
      busy={change.isPending}
      size="lg"
      lazyMount
      unmountOnExit
      title={dataset ? DATASET_FILES_TEXTS.title(dataset.name) : ''}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={change.isPending}>
            Done
          </Button>
          <Button colorPalette={mode === 'add' ? 'brand' : 'red'} loading={change.isPending} onClick={() => void apply()}>
            {mode === 'add' ? DATASET_FILES_TEXTS.add(selected.length) : DATASET_FILES_TEXTS.remove(selected.length)}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text textStyle="sm" color="fg.muted" data-testid="manager-counts">
          {dataset?.file_count ?? 0} file{dataset?.file_count === 1 ? '' : 's'} · {dataset?.total_pages ?? 0} page{dataset?.total_pages === 1 ? '' : 's'}
        </Text>
        <Tabs.Root
          value={mode}
          onValueChange={(d) => {
            setMode(d.value as Mode);
            pick([]);
          }}
          variant="enclosed"
          fitted
        >
          <Tabs.List>
            <Tabs.Trigger value="add">{DATASET_FILES_TEXTS.addTab}</Tabs.Trigger>
            <Tabs.Trigger value="remove">{DATASET_FILES_TEXTS.removeTab}</Tabs.Trigger>
          </Tabs.List>
          {/* not a Field: a Field gives its id to every checkbox inside it */}
          <Stack gap="2" mt="3">
            <Tabs.Content value="add" w="full" pt="0">
              <FilePicker label="Files to add" query={available} exclude={inDataset} selected={selected} onChange={pick} emptyText="Every available file is already in this dataset." />
            </Tabs.Content>
            <Tabs.Content value="remove" w="full" pt="0">
              <FilePicker label="Files to remove" files={dataset?.files ?? []} selected={selected} onChange={pick} emptyText="This dataset has no files." />
            </Tabs.Content>
            {error ? (
              <Text role="alert" textStyle="sm" color="fg.error">
                {error}
              </Text>
            ) : null}
          </Stack>
        </Tabs.Root>
      </Stack>
    </DialogFrame>
  );
}
