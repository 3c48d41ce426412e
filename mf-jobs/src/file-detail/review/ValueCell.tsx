// One value of the review record (a field or a table cell): the value, its source mark (click:
// the OCR lines it came from), a flag when the document does not contain it, a Corrected badge
// with the model's value on hover, and editing in place (Enter saves, Escape cancels).
import { Badge, Box, Button, HStack, IconButton, Input, Portal, Tooltip, VisuallyHidden } from '@chakra-ui/react';
import type { ValueSource } from '@quarry/shared/schemas';
import { cellText, formatRecordValue } from '@quarry/shared/review';
import { Crosshair, Pencil, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

export interface ValueCellProps {
  path: string;
  /** "Invoice number", "Amount, row 2" */
  label: string;
  value: unknown;
  /** the schema's kind of the value (number, date, ...): how it is formatted */
  kind?: string | undefined;
  /** the field's or column's key (money is recognised by it) */
  name?: string;
  /** the reader's locale; the browser's by default */
  locale?: string;
  source: ValueSource | undefined;
  /** the model's value when a correction changed it (undefined: not corrected; null: an added row) */
  original?: { value: unknown; added: boolean } | undefined;
  /** the message of a failed check about this value */
  warning?: string | undefined;
  /** a table cell: one line (the table scrolls sideways on narrow screens instead of wrapping) */
  compact?: boolean;
  busy: boolean;
  onShowSource: (s: ValueSource, label: string) => void;
  onSave: (value: string | number | boolean | null) => void;
}

/** What the user typed, as the value's kind: numbers stay numbers, an empty box is null. */
export function parseInput(text: string, previous: unknown): string | number | boolean | null {
  const t = text.trim();
  if (t === '') return null;
  if (typeof previous === 'number' && /^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  if (typeof previous === 'boolean' && (t === 'true' || t === 'false')) return t === 'true';
  return text;
}

function Hint({ text, children }: { text: string; children: React.ReactElement }) {
  return (
    <Tooltip.Root openDelay={200} closeDelay={50}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      {/* in a portal: a positioner inside the table's scroll area would widen the page */}
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxW="xs">{text}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

const browserLocale = () => (typeof navigator !== 'undefined' ? navigator.language : undefined);

export function ValueCell({ path, label, value, kind, name, locale, source, original, warning, compact = false, busy, onShowSource, onSave }: ValueCellProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  // keyboard users land back on the Edit button after Save / Cancel, not at the top of the page
  const editButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!editing && refocus) {
      editButton.current?.focus();
      setRefocus(false);
    }
  }, [editing, refocus]);
  const leave = () => {
    setEditing(false);
    setRefocus(true);
  };
  const text = cellText(value);
  const shown = formatRecordValue(value, { key: name ?? path, kind }, locale ?? browserLocale());
  const notFound = (value === null || value === undefined || text === '') && !original;
  const missing = source?.status === 'not_in_document';
  const located = source && source.start_line !== null && source.end_line !== null;
  const originalText = original ? (original.added ? 'This row was added by a correction' : `Original: ${cellText(original.value) || '(empty)'}`) : '';

  const save = () => {
    leave();
    const next = parseInput(draft, value);
    if (cellText(next) !== text || typeof next !== typeof value) onSave(next);
  };

  if (editing) {
    return (
      <HStack gap="1" data-review-path={path} minW="12rem">
        <Input
          size="xs"
          autoFocus
          aria-label={`Value of ${label}`}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              save();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              leave();
            }
          }}
        />
        <Button size="xs" colorPalette="brand" onClick={save}>
          Save
        </Button>
        <Button size="xs" variant="ghost" onClick={leave}>
          Cancel
        </Button>
      </HStack>
    );
  }

  return (
    <HStack gap="1" align="center" data-review-path={path} data-source-status={source?.status ?? 'none'} wrap={compact ? 'nowrap' : 'wrap'}>
      <Box
        as="span"
        title={shown !== null ? `Stored value: ${text}` : undefined}
        data-stored-value={shown !== null ? text : undefined}
        fontStyle={notFound ? 'italic' : undefined}
        fontVariantNumeric={shown !== null ? 'tabular-nums' : undefined}
        whiteSpace={compact ? 'nowrap' : 'pre-wrap'}
        wordBreak={compact ? undefined : 'break-word'}
        px="1"
        borderRadius="sm"
        bg={missing ? 'orange.subtle' : original ? 'blue.subtle' : undefined}
        outline={warning ? '1px solid' : undefined}
        outlineColor={warning ? 'orange.solid' : undefined}
        color={text ? undefined : 'fg.subtle'}
      >
        {notFound ? 'Not found' : (shown ?? (text || '—'))}
      </Box>
      {warning ? (
        <Hint text={warning}>
          <Box as="span" role="img" tabIndex={0} aria-label={`Failed check: ${warning}`} color="fg.warning" display="inline-flex" borderRadius="sm" _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}>
            <TriangleAlert size={14} aria-hidden />
          </Box>
        </Hint>
      ) : null}
      {missing ? (
        <Hint text="The model gave this value, but it appears nowhere in the document">
          <Badge size="sm" colorPalette="orange" variant="surface" role="note" tabIndex={0} aria-label={`${label}: not in the document`}>
            <TriangleAlert size={12} aria-hidden /> Not in document
          </Badge>
        </Hint>
      ) : null}
      {original ? (
        <Hint text={originalText}>
          <Badge size="sm" colorPalette="blue" variant="surface" tabIndex={0} aria-label={`Corrected; ${originalText.replace(/^Original/, 'original')}`}>
            Corrected
          </Badge>
        </Hint>
      ) : null}
      {!missing && located ? (
        <Hint text={`Lines ${source.start_line}–${source.end_line}${source.page ? `, page ${source.page}` : ''}${source.match && source.match !== 'exact' ? ` (matched as ${source.match.replace('_', ' / ')})` : ''}`}>
          <IconButton size="2xs" variant="ghost" aria-label={`Source of ${label}`} onClick={() => onShowSource(source, label)}>
            <Crosshair />
          </IconButton>
        </Hint>
      ) : null}
      <IconButton
        ref={editButton}
        size="2xs"
        variant="ghost"
        aria-label={`Edit ${label}`}
        disabled={busy}
        onClick={() => {
          setDraft(text);
          setEditing(true);
        }}
      >
        <Pencil />
      </IconButton>
      {original && !original.added ? <VisuallyHidden>{originalText}</VisuallyHidden> : null}
    </HStack>
  );
}
