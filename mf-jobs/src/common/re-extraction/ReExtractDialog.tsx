// The single-chunk re-extraction dialog: text prompt (required), Has
// tables (on by default for table chunks and text chunks with tables; unchecking clears the
// table prompt), table prompt (required when checked). Submitting starts a re-extraction job;
// the dialog then shows the extracting state until the job completes or fails. The chunk's
// previous result stays on the page meanwhile; the new one replaces it there when it is done.
import { Alert, Box, Button, Checkbox, CloseButton, Dialog, Field, HStack, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { StatusBadge, toAppError, toast, SelectInput, ErrorAlert } from '@quarry/shared';
import type { Prompt } from '@quarry/shared/schemas';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { initialForm, setHasTables, toRequest, validate, type ReExtractErrors, type ReExtractForm } from './form';
import { usePrompts, useReExtract, useReExtractionJob } from './queries';

export interface ReExtractChunk {
  id: string;
  chunk_index: number;
  chunk_type: string;
  tables_found: number;
}

export interface ReExtractDialogProps {
  fileId: string;
  /** the chunk to re-extract; null = closed */
  chunk: ReExtractChunk | null;
  /** the chunk's re-extraction job (kept by the page, so closing the dialog does not lose it) */
  jobId: string | null;
  onStarted: (chunk: ReExtractChunk, jobId: string) => void;
  /** back to the form after a failure */
  onReset: (chunk: ReExtractChunk) => void;
  onClose: () => void;
}

export type ReExtractPhase = 'idle' | 'extracting' | 'completed' | 'error';

export function reExtractPhase(jobId: string | null, jobFailed: boolean, status: string | undefined): ReExtractPhase {
  if (!jobId) return 'idle';
  if (jobFailed || status === 'failed' || status === 'cancelled') return 'error';
  if (status === 'completed') return 'completed';
  return 'extracting';
}

/**
 * Follows one chunk's re-extraction job while the page shows the file (renders nothing), so a
 * closed dialog still ends in the new result and the 'Extraction Failed' toast.
 */
export function ReExtractionWatcher({ fileId, chunk, jobId, onFinished }: { fileId: string; chunk: ReExtractChunk; jobId: string; onFinished: (status: 'completed' | 'failed', chunk: ReExtractChunk) => void }) {
  const job = useReExtractionJob(fileId, jobId);
  const phase = reExtractPhase(jobId, job.isError, job.data?.status);
  const reported = useRef(false);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });
  useEffect(() => {
    if (reported.current || (phase !== 'completed' && phase !== 'error')) return;
    reported.current = true;
    finished.current(phase === 'completed' ? 'completed' : 'failed', chunk);
  }, [phase, chunk]);
  return null;
}

export function ReExtractDialog({ fileId, chunk, jobId, onStarted, onReset, onClose }: ReExtractDialogProps) {
  return (
    <Dialog.Root
      open={chunk !== null}
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      lazyMount
      unmountOnExit
      size={{ base: 'full', sm: 'md' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{chunk ? <DialogBody fileId={fileId} chunk={chunk} jobId={jobId} onStarted={onStarted} onReset={onReset} onClose={onClose} /> : null}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function DialogBody({ fileId, chunk, jobId, onStarted, onReset, onClose }: Omit<ReExtractDialogProps, 'chunk'> & { chunk: ReExtractChunk }) {
  const [form, setForm] = useState<ReExtractForm>(() => initialForm(chunk));
  const [errors, setErrors] = useState<ReExtractErrors>({});
  const prompts = usePrompts(true);
  const start = useReExtract(fileId);
  const job = useReExtractionJob(fileId, jobId);
  const ids = { prompt: useId(), table: useId() };

  const phase = reExtractPhase(jobId, job.isError, job.data?.status);

  const textPrompts = (prompts.data?.prompts ?? []).filter((p) => p.type === 'text');
  const tablePrompts = (prompts.data?.prompts ?? []).filter((p) => p.type === 'table');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    start.mutate(
      { chunkId: chunk.id, body: toRequest(form) },
      {
        onSuccess: (res) => {
          onStarted(chunk, res.job_id);
          toast.info('Re-extraction started', res.message);
        },
      },
    );
  };

  const title = `Re-extract chunk ${chunk.chunk_index + 1}`;
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close" />
      </Dialog.CloseTrigger>
      {phase === 'idle' ? (
        <form onSubmit={submit} noValidate aria-label={title}>
          <Dialog.Body>
            <Stack gap="4">
              <ErrorAlert message={prompts.isError ? `Could not load the prompts: ${toAppError(prompts.error).message}` : null} />
              <PromptField
                id={ids.prompt}
                label="Text prompt"
                prompts={textPrompts}
                loading={prompts.isPending}
                value={form.promptId}
                error={errors.promptId}
                onChange={(promptId) => {
                  setForm((f) => ({ ...f, promptId }));
                  setErrors((er) => ({ ...er, promptId: undefined }));
                }}
              />
              <Checkbox.Root
                checked={form.hasTables}
                onCheckedChange={(d) => {
                  setForm((f) => setHasTables(f, d.checked === true));
                  setErrors((er) => ({ ...er, tablePromptId: undefined }));
                }}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>Has tables</Checkbox.Label>
              </Checkbox.Root>
              {form.hasTables ? (
                <PromptField
                  id={ids.table}
                  label="Table prompt"
                  prompts={tablePrompts}
                  loading={prompts.isPending}
                  value={form.tablePromptId}
                  error={errors.tablePromptId}
                  onChange={(tablePromptId) => {
                    setForm((f) => ({ ...f, tablePromptId }));
                    setErrors((er) => ({ ...er, tablePromptId: undefined }));
                  }}
                />
              ) : null}
              {start.isError ? (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>Could not start the re-extraction</Alert.Title>
                    <Alert.Description>{toAppError(start.error).message}</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              ) : null}
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" colorPalette="brand" loading={start.isPending} disabled={start.isPending}>
              Re-extract
            </Button>
          </Dialog.Footer>
        </form>
      ) : (
        <>
          <Dialog.Body>
            <Box role="status" aria-live="polite">
              {phase === 'extracting' ? (
                <HStack gap="3">
                  <Spinner size="sm" color="brand.solid" />
                  <Stack gap="0">
                    <Text fontWeight="semibold">Extracting...</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {job.data?.last_message ?? 'The job is queued.'} The current result stays on the page until the new one is ready.
                    </Text>
                  </Stack>
                </HStack>
              ) : phase === 'completed' ? (
                <Alert.Root status="success">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>Extraction completed</Alert.Title>
                    <Alert.Description>The new result is shown in Chunk Details; the previous one is kept under Previous results.</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              ) : (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>Extraction Failed</Alert.Title>
                    <Alert.Description>
                      {job.isError ? toAppError(job.error).message : (job.data?.error_message ?? 'The re-extraction job failed.')}
                    </Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              )}
              {job.data ? (
                <HStack mt="3" gap="2" fontSize="sm">
                  <Text color="fg.muted">Job status</Text>
                  <StatusBadge status={job.data.status} />
                </HStack>
              ) : null}
            </Box>
          </Dialog.Body>
          <Dialog.Footer>
            {phase === 'error' ? (
              <Button variant="outline" onClick={() => onReset(chunk)}>
                Try again
              </Button>
            ) : null}
            <Button colorPalette="brand" onClick={onClose}>
              Close
            </Button>
          </Dialog.Footer>
        </>
      )}
    </>
  );
}

function PromptField(props: {
  id: string;
  label: string;
  prompts: Prompt[];
  loading: boolean;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root invalid={Boolean(props.error)} required>
      <Field.Label htmlFor={props.id}>
        {props.label}
        <Field.RequiredIndicator />
      </Field.Label>
      <SelectInput
        disabled={props.loading}
        id={props.id}
        value={props.value}
        onChange={props.onChange}
        placeholder={props.loading ? 'Loading prompts...' : props.prompts.length ? 'Select a prompt' : 'No prompts of this type'}
        options={props.prompts.map((p) => ({ value: p.id, label: p.name }))}
      />
      {props.error ? <Field.ErrorText>{props.error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
