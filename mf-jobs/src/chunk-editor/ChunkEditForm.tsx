// The chunk edit form; its rules live in editorForm.ts. Save sends the
// chunk update payload; a refused edit shows the server's reasons and keeps what was typed.
import { Alert, Box, Button, Checkbox, Field, Flex, HStack, Heading, IconButton, Input, List, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { detailMessages, toAppError, toast } from '@quarry/shared';
import type { ChunkItem } from '@quarry/shared/schemas';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useUpdateChunk } from '../common/fileQueries';
import {
  addBodyRow,
  addTable,
  canRemoveBodyRow,
  canRemoveTable,
  chunkLineBounds,
  clampLine,
  formFromChunk,
  partBounds,
  removeBodyRow,
  removeTable,
  setChunkType,
  setContainsTables,
  tableBounds,
  toPayload,
  updateBodyRow,
  updateTable,
  type Bounds,
  type EditForm,
} from './editorForm';

export const CHUNK_UPDATED = { title: 'Chunk Updated', description: 'Chunk boundaries have been updated successfully' } as const;
export const CHUNK_UNCHANGED = { title: 'Nothing changed', description: 'The chunk already has these boundaries and this type: there was nothing to save.' } as const;

function LineInput({ label, value, bounds, onChange }: { label: string; value: string; bounds: Bounds; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <Field.Root flex="1" minW="6rem">
      <Field.Label htmlFor={id} fontSize="xs">
        {label}
      </Field.Label>
      <Input
        id={id}
        size="sm"
        type="number"
        inputMode="numeric"
        min={bounds[0]}
        max={Number.isFinite(bounds[1]) ? bounds[1] : undefined}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={(e) => onChange(clampLine(e.currentTarget.value, bounds))}
      />
    </Field.Root>
  );
}

export function ChunkEditForm({ fileId, chunk, onCancel, onSaved }: { fileId: string; chunk: ChunkItem; onCancel: () => void; onSaved: (chunk: ChunkItem) => void }) {
  const [form, setForm] = useState<EditForm>(() => formFromChunk(chunk));
  const save = useUpdateChunk(fileId);
  const typeId = useId();
  const reasons = save.error ? detailMessages(toAppError(save.error).detail) : [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = toPayload(form);
    // an edit that changes nothing says so instead of "Chunk Updated" (and sends nothing)
    if (JSON.stringify(body) === JSON.stringify(toPayload(formFromChunk(chunk)))) {
      toast.info(CHUNK_UNCHANGED.title, CHUNK_UNCHANGED.description);
      onCancel();
      return;
    }
    save.mutate(
      { chunkId: chunk.id, body },
      {
        onSuccess: (updated) => {
          const same = updated.start_line === chunk.start_line && updated.end_line === chunk.end_line && updated.chunk_type === chunk.chunk_type && updated.content === chunk.content;
          if (same && JSON.stringify(updated.metadata.table_structure) === JSON.stringify(chunk.metadata.table_structure)) toast.info(CHUNK_UNCHANGED.title, CHUNK_UNCHANGED.description);
          else toast.success(CHUNK_UPDATED.title, CHUNK_UPDATED.description);
          onSaved(updated);
        },
      },
    );
  };

  const tb = tableBounds(form);
  return (
    <Box asChild borderWidth="1px" borderRadius="md" p="4">
      <form onSubmit={submit} noValidate aria-label={`Edit chunk ${chunk.chunk_index + 1}`}>
      <Stack gap="4">
        <Heading size="sm">Edit chunk {chunk.chunk_index + 1}</Heading>
        <Flex gap="3" wrap="wrap">
          <LineInput label="Start Line" value={form.startLine} bounds={chunkLineBounds()} onChange={(startLine) => setForm((f) => ({ ...f, startLine }))} />
          <LineInput label="End Line" value={form.endLine} bounds={chunkLineBounds()} onChange={(endLine) => setForm((f) => ({ ...f, endLine }))} />
        </Flex>
        <Field.Root>
          <Field.Label htmlFor={typeId} fontSize="xs">
            Chunk Type
          </Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field id={typeId} value={form.chunkType} onChange={(e) => setForm((f) => setChunkType(f, e.currentTarget.value === 'table' ? 'table' : 'text'))}>
              <option value="text">Text (may contain tables)</option>
              <option value="table">Table (dedicated table chunk)</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Checkbox.Root checked={form.containsTables} disabled={form.chunkType === 'table'} onCheckedChange={(d) => setForm((f) => setContainsTables(f, d.checked === true))}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Contains Tables</Checkbox.Label>
          </Checkbox.Root>
          <Button size="xs" variant="outline" onClick={() => setForm(addTable)}>
            + Add Table
          </Button>
        </Flex>

        {form.containsTables
          ? form.tables.map((t, ti) => {
              const pb = partBounds(t);
              const label = `Table ${ti + 1}`;
              return (
                <Box key={ti} as="fieldset" borderWidth="1px" borderRadius="md" p="3" aria-label={label}>
                  <Flex justify="space-between" align="center" mb="2">
                    <Text as="legend" fontWeight="semibold" fontSize="sm">
                      {label}
                    </Text>
                    {canRemoveTable(form) ? (
                      <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setForm((f) => removeTable(f, ti))}>
                        <Trash2 size={14} /> Remove Table
                      </Button>
                    ) : null}
                  </Flex>
                  <Stack gap="3">
                    <Flex gap="3" wrap="wrap">
                      <LineInput label="Table Start" value={t.start} bounds={tb} onChange={(start) => setForm((f) => updateTable(f, ti, { start }))} />
                      <LineInput label="Table End" value={t.end} bounds={tb} onChange={(end) => setForm((f) => updateTable(f, ti, { end }))} />
                    </Flex>
                    <Checkbox.Root size="sm" checked={t.hasHeader} onCheckedChange={(d) => setForm((f) => updateTable(f, ti, { hasHeader: d.checked === true }))}>
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>Has Header</Checkbox.Label>
                    </Checkbox.Root>
                    {t.hasHeader ? (
                      <Flex gap="3" wrap="wrap">
                        <LineInput label="Header Start" value={t.headerStart} bounds={pb} onChange={(headerStart) => setForm((f) => updateTable(f, ti, { headerStart }))} />
                        <LineInput label="Header End" value={t.headerEnd} bounds={pb} onChange={(headerEnd) => setForm((f) => updateTable(f, ti, { headerEnd }))} />
                      </Flex>
                    ) : null}
                    <Text fontSize="xs" fontWeight="semibold">
                      Body rows
                    </Text>
                    {t.bodyRows.map((r, ri) => (
                      <Flex key={ri} gap="2" align="flex-end" role="group" aria-label={`${label} body row ${ri + 1}`}>
                        <LineInput label={`Row ${ri + 1} Start`} value={r.start} bounds={pb} onChange={(start) => setForm((f) => updateBodyRow(f, ti, ri, { start }))} />
                        <LineInput label={`Row ${ri + 1} End`} value={r.end} bounds={pb} onChange={(end) => setForm((f) => updateBodyRow(f, ti, ri, { end }))} />
                        <IconButton
                          size="sm"
                          variant="ghost"
                          aria-label={`Remove row ${ri + 1} of ${label}`}
                          disabled={!canRemoveBodyRow(t)}
                          onClick={() => setForm((f) => removeBodyRow(f, ti, ri))}
                        >
                          <Trash2 size={14} />
                        </IconButton>
                      </Flex>
                    ))}
                    <Box>
                      <Button size="xs" variant="outline" onClick={() => setForm((f) => addBodyRow(f, ti))}>
                        <Plus size={14} /> Add Row
                      </Button>
                    </Box>
                  </Stack>
                </Box>
              );
            })
          : null}

        {save.isError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>The chunk was not updated</Alert.Title>
              <Alert.Description>
                {reasons.length > 1 ? (
                  <List.Root ps="4">
                    {reasons.map((r) => (
                      <List.Item key={r}>{r}</List.Item>
                    ))}
                  </List.Root>
                ) : (
                  (reasons[0] ?? toAppError(save.error).message)
                )}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <HStack justify="flex-end" gap="2">
          <Button variant="outline" size="sm" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" size="sm" colorPalette="brand" loading={save.isPending} disabled={save.isPending}>
            Save
          </Button>
        </HStack>
      </Stack>
      </form>
    </Box>
  );
}
