// A prompt's examples: add, edit inline, delete after 'Are you sure you want to
// delete this example?'; saving needs both input and output text.
import { Badge, Box, Button, Card, Code, Field, Grid, Heading, HStack, IconButton, Stack, Text, Textarea } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, handleError } from '@quarry/shared';
import { EXAMPLE_MESSAGES, type Example } from '@quarry/shared/schemas';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { errorText } from '../common/errors';
import { useExampleMutations, useExamples } from './queries';
import { DeleteDialog } from '../common/DeleteDialog';

export const DELETE_EXAMPLE_QUESTION = 'Are you sure you want to delete this example?';

interface Draft {
  input_text: string;
  output_text: string;
}

function ExampleForm({ initial, saving, onSave, onCancel, label }: { initial: Draft; saving: boolean; onSave: (d: Draft) => Promise<void>; onCancel: () => void; label: string }) {
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const missingIn = draft.input_text.trim() === '';
  const missingOut = draft.output_text.trim() === '';
  return (
    <Stack gap="3" role="group" aria-label={label}>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
        <Field.Root required invalid={tried && missingIn}>
          <Field.Label>Input text</Field.Label>
          <Textarea rows={5} value={draft.input_text} onChange={(e) => setDraft({ ...draft, input_text: e.target.value })} />
          <Field.ErrorText>{EXAMPLE_MESSAGES.inputRequired}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={tried && missingOut}>
          <Field.Label>Output text</Field.Label>
          <Textarea rows={5} fontFamily="mono" value={draft.output_text} onChange={(e) => setDraft({ ...draft, output_text: e.target.value })} />
          <Field.ErrorText>{EXAMPLE_MESSAGES.outputRequired}</Field.ErrorText>
        </Field.Root>
      </Grid>
      <HStack>
        <Button
          size="sm"
          colorPalette="brand"
          loading={saving}
          disabled={missingIn || missingOut}
          onClick={() => {
            setTried(true);
            if (!missingIn && !missingOut) void onSave(draft);
          }}
        >
          Save example
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}

export function ExamplesSection({ promptId }: { promptId: string }) {
  const list = useExamples(promptId);
  const { create, update, remove } = useExampleMutations(promptId);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Example | null>(null);

  return (
    <Card.Root as="section" aria-label="Examples">
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h2" size="md">
            Examples
          </Heading>
          {!adding ? (
            <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
              <Plus /> Add example
            </Button>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {adding ? (
            <Box borderWidth="1px" borderRadius="md" p="3">
              <ExampleForm
                label="New example"
                initial={{ input_text: '', output_text: '' }}
                saving={create.isPending}
                onCancel={() => setAdding(false)}
                onSave={async (d) => {
                  try {
                    await create.mutateAsync(d);
                    setAdding(false);
                  } catch (e) {
                    handleError(e, { title: 'Failed to save example' });
                  }
                }}
              />
            </Box>
          ) : null}
          {list.isPending ? (
            <LoadingState text="Loading examples..." />
          ) : list.isError ? (
            <ErrorState title="Failed to load examples" message={errorText(list.error)} onRetry={() => void list.refetch()} />
          ) : list.data.examples.length === 0 ? (
            adding ? null : <EmptyState title="No examples yet" description="An example shows the model an input and the JSON you expect for it." />
          ) : (
            list.data.examples.map((ex) => (
              <Box key={ex.id} borderWidth="1px" borderRadius="md" p="3" role="article" aria-label={ex.name}>
                {editing === ex.id ? (
                  <ExampleForm
                    label={`Edit ${ex.name}`}
                    initial={{ input_text: ex.input_text, output_text: ex.output_text }}
                    saving={update.isPending}
                    onCancel={() => setEditing(null)}
                    onSave={async (d) => {
                      try {
                        await update.mutateAsync({ id: ex.id, patch: d });
                        setEditing(null);
                      } catch (e) {
                        handleError(e, { title: 'Failed to save example' });
                      }
                    }}
                  />
                ) : (
                  <Stack gap="2">
                    <HStack justify="space-between">
                      <HStack>
                        <Text fontWeight="medium">{ex.name}</Text>
                        {ex.is_validated ? <Badge colorPalette="green">validated</Badge> : null}
                      </HStack>
                      <HStack gap="1">
                        <IconButton aria-label={`Edit ${ex.name}`} size="xs" variant="ghost" onClick={() => setEditing(ex.id)}>
                          <Pencil />
                        </IconButton>
                        <IconButton aria-label={`Delete ${ex.name}`} size="xs" variant="ghost" colorPalette="red" onClick={() => setToDelete(ex)}>
                          <Trash2 />
                        </IconButton>
                      </HStack>
                    </HStack>
                    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
                      <Box minW="0">
                        <Text fontSize="xs" color="fg.muted">
                          Input
                        </Text>
                        <Text fontSize="sm" whiteSpace="pre-wrap" lineClamp={6}>
                          {ex.input_text}
                        </Text>
                      </Box>
                      <Box minW="0">
                        <Text fontSize="xs" color="fg.muted">
                          Output
                        </Text>
                        <Code display="block" whiteSpace="pre-wrap" fontSize="xs" p="2" lineClamp={6}>
                          {ex.output_text}
                        </Code>
                      </Box>
                    </Grid>
                  </Stack>
                )}
              </Box>
            ))
          )}
        </Stack>
      </Card.Body>
      <DeleteDialog item={toDelete} onClose={() => setToDelete(null)} title="Delete example" message={() => DELETE_EXAMPLE_QUESTION} remove={(example) => remove.mutateAsync(example.id)} />
    </Card.Root>
  );
}
