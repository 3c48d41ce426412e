// The corrections of the record, newest first: who changed what, when, from what to what, with
// undo per correction. Undone ones and those made before a re-extraction stay listed, marked.
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '@quarry/shared';
import type { CorrectionEntry } from '@quarry/shared/schemas';
import { cellText, fieldLabel, parsePath } from '@quarry/shared/review';
import { SidePanel } from './SidePanel';

const show = (v: unknown) => (v === null || v === undefined || cellText(v) === '' ? '(empty)' : cellText(v));

/** $.items[3].amount -> "Items, row 4: Amount"; $.vendor -> "Vendor" */
export function pathLabel(path: string): string {
  const seg = parsePath(path);
  if (!seg || seg.length === 0 || typeof seg[0] !== 'string') return path;
  const [list, row, col] = seg;
  if (seg.length === 1) return fieldLabel(list!);
  const rowText = typeof row === 'number' ? `row ${row + 1}` : String(row);
  return seg.length === 2 ? `${fieldLabel(String(list))}, ${rowText}` : `${fieldLabel(String(list))}, ${rowText}: ${fieldLabel(String(col))}`;
}

function describe(h: CorrectionEntry): string {
  if (h.action === 'add_row') return `${pathLabel(h.path)} added`;
  if (h.action === 'delete_row') return `${pathLabel(h.path)} deleted`;
  return `${pathLabel(h.path)}: ${show(h.old_value)} → ${show(h.new_value)}`;
}

export function HistoryPanel({ history, busy, onUndo }: { history: CorrectionEntry[]; busy: boolean; onUndo: (id: string) => void }) {
  const newest = [...history].reverse();
  return (
    <SidePanel label="Correction history" heading="Corrections">
      {newest.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No corrections yet. Edit a value or a cell to correct it; the model's result is kept.
        </Text>
      ) : (
        <Stack as="ol" gap="2" listStyleType="none" m="0" p="0">
          {newest.map((h) => (
            <Stack as="li" key={h.id} gap="1" borderBottomWidth="1px" pb="2" _last={{ borderBottomWidth: 0, pb: 0 }} opacity={h.status === 'active' ? 1 : 0.7}>
              <Text fontSize="sm" wordBreak="break-word" textDecoration={h.status === 'undone' ? 'line-through' : undefined}>
                {describe(h)}
              </Text>
              <HStack gap="2" wrap="wrap" fontSize="xs" color="fg.muted">
                <Text>
                  {h.author_email ?? 'Unknown user'}, {formatDateTime(h.created_at)}
                </Text>
                {h.status === 'undone' ? <Badge size="sm">Undone</Badge> : null}
                {h.status === 'stale' ? (
                  <Badge size="sm" colorPalette="orange" title="Made on an earlier extraction of this file: not applied to the current one">
                    Earlier extraction
                  </Badge>
                ) : null}
                {h.status === 'active' && !h.applied ? <Badge size="sm">No longer applies</Badge> : null}
                {h.status === 'active' ? (
                  <Button size="2xs" variant="outline" disabled={busy} aria-label={`Undo correction of ${h.path}`} onClick={() => onUndo(h.id)}>
                    Undo
                  </Button>
                ) : null}
              </HStack>
            </Stack>
          ))}
        </Stack>
      )}
    </SidePanel>
  );
}
