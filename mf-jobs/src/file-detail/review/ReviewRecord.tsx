// The Unified Dataset as a review record: every value with its source mark, values the
// document does not contain flagged, edited in place (a correction per change, the model's result
// kept), rows added and deleted, the checks beside the record, the history with undo, and the
// Reviewed switch. Every change answers the whole record, which replaces the cached one.
import { Badge, Box, Button, Grid, HStack, Heading, IconButton, Stack, Switch, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, formatDateTime, toAppError, toast, DataTable } from '@quarry/shared';
import type { CorrectionRequest, ReviewRecordResponse, SchemaField, ValueSource } from '@quarry/shared/schemas';
import { childPath, columnsOf, fieldLabel } from '@quarry/shared/review';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { ChecksPanel } from './ChecksPanel';
import { HistoryPanel } from './HistoryPanel';
import { useReviewChange, useReviewRecord, type ReviewChange } from './queries';
import { useFilePageState } from './selection';
import { ValueCell } from './ValueCell';

type Original = { value: unknown; added: boolean };
/** a correction as the page builds it; the record's base_version is added when it is sent */
type CorrectionBody = CorrectionRequest extends infer T ? (T extends unknown ? Omit<T, 'base_version'> : never) : never;

/** The model's value of each corrected path (the old value of its first active correction), and the added rows. */
function originalsOf(rec: ReviewRecordResponse): Map<string, Original> {
  const out = new Map<string, Original>();
  for (const h of rec.history) {
    if (h.status !== 'active' || !h.applied) continue;
    if (h.action === 'add_row') {
      const row = h.new_value;
      if (row && typeof row === 'object') for (const col of Object.keys(row)) out.set(childPath(h.path, col), { value: null, added: true });
      out.set(h.path, { value: null, added: true });
    } else if (h.action === 'set' && !out.has(h.path)) {
      out.set(h.path, { value: h.old_value, added: false });
    }
  }
  return out;
}

/** An added row's cells are "added" even when a later correction set them. */
function originalOf(originals: Map<string, Original>, path: string, rowPath: string | null): Original | undefined {
  return (rowPath && originals.get(rowPath)?.added ? originals.get(rowPath) : undefined) ?? originals.get(path);
}

export function ReviewRecord({ fileId }: { fileId: string }) {
  const rec = useReviewRecord(fileId);
  const change = useReviewChange(fileId);
  const { showSource } = useFilePageState();

  if (rec.isPending) return <LoadingState text="Loading the record..." />;
  if (rec.isError) return <ErrorState title="Could not load the record" message={toAppError(rec.error).message} onRetry={() => void rec.refetch()} />;
  const r = rec.data;

  const run = (c: ReviewChange, done?: string) =>
    change.mutate(c, {
      onSuccess: () => (done ? toast.success(done) : undefined),
      onError: (e) => {
        const err = toAppError(e);
        toast.error(err.status === 409 ? 'The record changed' : 'Could not save the change', err.message);
      },
    });
  const correct = (body: CorrectionBody) => run({ kind: 'correct', body: { ...body, base_version: r.base_version } as CorrectionRequest });
  const onShowSource = (s: ValueSource, label: string) => {
    if (s.start_line !== null && s.end_line !== null) showSource({ start: s.start_line, end: s.end_line, page: s.page, label });
  };

  return <RecordView r={r} busy={change.isPending} correct={correct} run={run} onShowSource={onShowSource} />;
}

interface ViewProps {
  r: ReviewRecordResponse;
  busy: boolean;
  correct: (body: CorrectionBody) => void;
  run: (c: ReviewChange, done?: string) => void;
  onShowSource: (s: ValueSource, label: string) => void;
}

interface ListShown {
  key: string;
  rows: unknown[];
  /** the schema's columns, in its order (a list not found still shows its header) */
  columns: string[];
  kinds: Record<string, string>;
  found: boolean;
}

/**
 * The record as the schema lays it out: every schema field in the schema's order, found or not,
 * then what the results hold beyond the schema; lists with the schema's columns first.
 */
export function layoutOf(record: Record<string, unknown>, schema: readonly SchemaField[]): { fields: [string, unknown, SchemaField | undefined][]; lists: ListShown[] } {
  const fields: [string, unknown, SchemaField | undefined][] = [];
  const lists: ListShown[] = [];
  const list = (key: string, value: unknown, f: SchemaField | undefined) => {
    const rows = Array.isArray(value) ? value : [];
    const schemaCols = f?.columns?.map((c) => c.key) ?? [];
    const columns = [...schemaCols, ...columnsOf(rows).filter((c) => !schemaCols.includes(c))];
    lists.push({ key, rows, columns, kinds: Object.fromEntries((f?.columns ?? []).map((c) => [c.key, c.kind])), found: Array.isArray(value) && value.length > 0 });
  };
  for (const f of schema) {
    const value = record[f.key];
    if (f.kind === 'list' || Array.isArray(value)) list(f.key, value, f);
    else fields.push([f.key, value, f]);
  }
  const known = new Set(schema.map((f) => f.key));
  for (const [key, value] of Object.entries(record)) {
    if (known.has(key)) continue;
    if (Array.isArray(value)) list(key, value, undefined);
    else fields.push([key, value, undefined]);
  }
  return { fields, lists };
}

function RecordView({ r, busy, correct, run, onShowSource }: ViewProps) {
  const { fields, lists } = useMemo(() => layoutOf(r.record, r.fields), [r.record, r.fields]);
  const originals = useMemo(() => originalsOf(r), [r]);
  // failed checks shown on the values they are about
  const warnings = useMemo(() => new Map(r.checks.filter((c) => c.status === 'failed' && c.path).map((c) => [c.path!, c.message])), [r.checks]);
  const empty = fields.length === 0 && lists.length === 0;

  return (
    <Grid as="section" aria-label="Review record" templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 22rem' }} gap="5" alignItems="start">
      <Stack gap="5" minW="0">
        <ReviewBar r={r} busy={busy} run={run} />
        {r.extraction === 'failed' ? <Text color="fg.error">Every chunk of the latest extraction failed: there is nothing to review.</Text> : null}
        {empty ? (
          <EmptyState title="No extracted data" description="No chunk of the latest extraction produced data." />
        ) : (
          <>
            {fields.length ? (
              // relative: the cells' visually hidden texts (absolute) stay inside the scroll area at 390 px
              <DataTable label="Unified fields" columns={[{ label: 'Field', w: '30%' }, 'Value']} scrollAreaProps={{ borderWidth: '1px', borderRadius: 'md', position: 'relative' }}>
                {fields.map(([key, value, field]) => {
                  const path = childPath('$', key);
                  return (
                    <Table.Row key={key} data-field={key}>
                      <Table.Cell fontWeight="medium" verticalAlign="top" pt="2.5">
                        {fieldLabel(key)}
                        {field?.required ? (
                          <Text as="span" color="fg.muted" fontWeight="normal" fontSize="xs">
                            {' '}
                            (required)
                          </Text>
                        ) : null}
                      </Table.Cell>
                      <Table.Cell>
                        <ValueCell
                          path={path}
                          label={fieldLabel(key)}
                          value={value}
                          kind={field?.kind}
                          name={key}
                          source={r.sources[path]}
                          original={originals.get(path)}
                          warning={warnings.get(path)}
                          busy={busy}
                          onShowSource={onShowSource}
                          onSave={(v) => correct({ action: 'set', path, value: v })}
                        />
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </DataTable>
            ) : null}
            {lists.map((l) => (
              <RowsTable key={l.key} list={l} r={r} originals={originals} warnings={warnings} busy={busy} correct={correct} onShowSource={onShowSource} />
            ))}
          </>
        )}
      </Stack>
      <Stack gap="5" minW="0">
        <ChecksPanel checks={r.checks} />
        <HistoryPanel history={r.history} busy={busy} onUndo={(id) => run({ kind: 'undo', correctionId: id })} />
      </Stack>
    </Grid>
  );
}

function ReviewBar({ r, busy, run }: { r: ReviewRecordResponse; busy: boolean; run: ViewProps['run'] }) {
  const s = r.summary;
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <HStack gap="2" wrap="wrap" fontSize="sm">
          <Text>{s.values} values</Text>
          <Badge colorPalette="green" variant="subtle">
            {s.found} found in the document
          </Badge>
          {s.not_in_document ? (
            <Badge colorPalette="orange" variant="subtle">
              {s.not_in_document} not in document
            </Badge>
          ) : null}
          {s.corrected ? (
            <Badge colorPalette="blue" variant="subtle">
              {s.corrected} corrected
            </Badge>
          ) : null}
        </HStack>
        <Switch.Root
          checked={r.reviewed}
          disabled={busy || r.extraction === 'none'}
          colorPalette="green"
          onCheckedChange={(d) => run({ kind: 'review', reviewed: d.checked, baseVersion: r.base_version }, d.checked ? 'Marked as reviewed' : 'No longer marked as reviewed')}
        >
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>Reviewed</Switch.Label>
        </Switch.Root>
      </HStack>
      {r.reviewed && r.reviewed_at ? (
        <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
          <Text>Reviewed {formatDateTime(r.reviewed_at)}.</Text>
          {r.review_outdated ? (
            <>
              <Text color="fg.warning">The record changed since: the reviewed copy is older.</Text>
              <Button size="2xs" variant="outline" disabled={busy} onClick={() => run({ kind: 'review', reviewed: true, baseVersion: r.base_version }, 'Reviewed copy updated')}>
                Update reviewed copy
              </Button>
            </>
          ) : null}
        </HStack>
      ) : null}
    </Stack>
  );
}

interface RowsProps {
  list: ListShown;
  r: ReviewRecordResponse;
  originals: Map<string, Original>;
  warnings: Map<string, string>;
  busy: boolean;
  correct: ViewProps['correct'];
  onShowSource: ViewProps['onShowSource'];
}

function RowsTable({ list, r, originals, warnings, busy, correct, onShowSource }: RowsProps) {
  const { key: name, rows, columns: cols, kinds } = list;
  const label = fieldLabel(name);
  const listPath = childPath('$', name);
  return (
    <Box as="section" aria-label={label} data-review-path={listPath}>
      <HStack justify="space-between" mb="2" gap="2" wrap="wrap">
        <Heading size="sm">
          {label}{' '}
          <Text as="span" fontWeight="normal" color="fg.muted">
            ({list.found ? `${rows.length} rows` : 'not found'})
          </Text>
        </Heading>
        {cols.length ? (
          <Button size="xs" variant="outline" disabled={busy} aria-label={`Add row to ${label}`} onClick={() => correct({ action: 'add_row', path: listPath, value: Object.fromEntries(cols.map((c) => [c, null])) })}>
            <Plus /> Add row
          </Button>
        ) : null}
      </HStack>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" position="relative">
        <Table.Root size="sm" aria-label={label} striped>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>#</Table.ColumnHeader>
              {cols.length ? cols.map((c) => <Table.ColumnHeader key={c}>{fieldLabel(c)}</Table.ColumnHeader>) : <Table.ColumnHeader>Value</Table.ColumnHeader>}
              {cols.length ? (
                <Table.ColumnHeader>
                  <VisuallyHidden>Row actions</VisuallyHidden>
                </Table.ColumnHeader>
              ) : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={cols.length + 2} color="fg.muted" fontStyle="italic" whiteSpace="normal">
                  Not found in the document (Add row fills it in).
                </Table.Cell>
              </Table.Row>
            ) : null}
            {rows.map((row, i) => {
              const rowPath = childPath(listPath, i);
              return (
                <Table.Row key={i}>
                  <Table.Cell color="fg.muted" verticalAlign="top" pt="2.5">
                    {i + 1}
                  </Table.Cell>
                  {cols.length ? (
                    cols.map((c) => {
                      const path = childPath(rowPath, c);
                      const cellLabel = `${fieldLabel(c)}, row ${i + 1}`;
                      return (
                        <Table.Cell key={c} verticalAlign="top">
                          <ValueCell
                            path={path}
                            label={cellLabel}
                            value={typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[c] : undefined}
                            kind={kinds[c]}
                            name={c}
                            source={r.sources[path]}
                            original={originalOf(originals, path, rowPath)}
                            warning={warnings.get(path)}
                            compact
                            busy={busy}
                            onShowSource={onShowSource}
                            onSave={(v) => correct({ action: 'set', path, value: v })}
                          />
                        </Table.Cell>
                      );
                    })
                  ) : (
                    <Table.Cell>{String(row)}</Table.Cell>
                  )}
                  {cols.length ? (
                    <Table.Cell verticalAlign="top">
                      <IconButton size="2xs" variant="ghost" colorPalette="red" aria-label={`Delete row ${i + 1} of ${label}`} disabled={busy} onClick={() => correct({ action: 'delete_row', path: rowPath })}>
                        <Trash2 />
                      </IconButton>
                    </Table.Cell>
                  ) : null}
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}
