import { Button, CloseButton, Dialog, Field, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { handleError, toast } from '@quarry/shared';
import { DatasetCreateSchema } from '@quarry/shared/schemas';
import { useEffect, useState, type FormEvent } from 'react';
import { useAvailableFiles } from '../files/queries';
import { FilePicker } from './FilePicker';
import { useCreateDataset } from './queries';

export const CREATE_DATASET_TEXTS = {
  title: 'Create Dataset',
  submit: 'Create Dataset',
  created: 'Dataset Created',
  failed: 'Error Creating Dataset',
} as const;

export interface CreateDatasetDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Files chosen before opening (the library's selection). */
  preselected?: string[];
  onCreated?: () => void;
}

type Errors = { name?: string; files?: string };

/** Create a dataset from the available files, or from preselected ones (the library's selection). */
export function CreateDatasetDialog({ open, onOpenChange, preselected = [], onCreated }: CreateDatasetDialogProps) {
  const files = useAvailableFiles(open);
  const create = useCreateDataset();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [selected, setSelected] = useState<string[]>(preselected);
  const [errors, setErrors] = useState<Errors>({});

  // A fresh form each time it opens, starting from the given selection.
  const preselectedKey = preselected.join(',');
  useEffect(() => {
    if (!open) return;
    setName('');
    setDescription('');
    setSelected(preselectedKey ? preselectedKey.split(',') : []);
    setErrors({});
  }, [open, preselectedKey]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = DatasetCreateSchema.safeParse({ name, description: description.trim() || null, file_ids: selected });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'name') next.name ??= issue.message;
        if (issue.path[0] === 'file_ids') next.files ??= issue.message;
      }
      setErrors(next);
      return;
    }
    try {
      const dataset = await create.mutateAsync(parsed.data);
      toast.success(CREATE_DATASET_TEXTS.created, dataset.name);
      onOpenChange(false);
      onCreated?.();
    } catch (error) {
      // the form keeps what the user typed
      handleError(error, { title: CREATE_DATASET_TEXTS.failed });
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(d) => !create.isPending && onOpenChange(d.open)} size="lg" placement="center" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={(e) => void submit(e)} noValidate aria-label={CREATE_DATASET_TEXTS.title}>
            <Dialog.Header>
              <Dialog.Title>{CREATE_DATASET_TEXTS.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Field.Root required invalid={Boolean(errors.name)}>
                  <Field.Label>
                    Name <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    value={name}
                    placeholder="e.g. Invoices 2025"
                    onChange={(e) => {
                      setName(e.target.value);
                      setErrors((x) => ({ ...x, name: undefined }));
                    }}
                  />
                  <Field.ErrorText>{errors.name}</Field.ErrorText>
                </Field.Root>
                <Field.Root>
                  <Field.Label>Description</Field.Label>
                  <Textarea value={description} rows={2} onChange={(e) => setDescription(e.target.value)} placeholder="Optional" />
                </Field.Root>
                {/* not a Field: a Field gives its id to every checkbox inside it */}
                <Stack gap="1.5">
                  <Text textStyle="sm" fontWeight="medium">
                    Files
                  </Text>
                  <FilePicker
                    label="Files for the dataset"
                    query={files}
                    selected={selected}
                    onChange={(ids) => {
                      setSelected(ids);
                      setErrors((x) => ({ ...x, files: undefined }));
                    }}
                    emptyText="No files available. Upload files first."
                  />
                  {errors.files ? (
                    <Text role="alert" textStyle="sm" color="fg.error">
                      {errors.files}
                    </Text>
                  ) : null}
                </Stack>
                <Text textStyle="sm" color="fg.muted">
                  {selected.length} file{selected.length === 1 ? '' : 's'} selected
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" colorPalette="brand" loading={create.isPending}>
                {CREATE_DATASET_TEXTS.submit}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={create.isPending} />
            </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
