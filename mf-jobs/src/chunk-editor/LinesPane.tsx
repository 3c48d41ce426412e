// Left pane of the chunk editor: every OCR line with its number, coloured by the
// chunk covering it (table green, text with tables yellow, others blue; the selected chunk
// highlighted). Plain elements with Chakra's CSS variables: a long document has thousands of
// lines, and this pane must render and scroll without long tasks (content-visibility: auto was
// tried and made scrolling slower: bench/file-detail measured 574 ms tasks with it, 181 ms without).
import { Box } from '@chakra-ui/react';
import type { ChunkItem, OcrLineItem } from '@quarry/shared/schemas';
import { memo, useEffect, useMemo, useRef } from 'react';
import { chunkLineRange, chunkPalette, classifyChunk, type ChunkClass } from '../common/chunkClass';

interface Cover {
  chunk: ChunkItem;
  cls: ChunkClass;
  palette: string;
}

/** line number -> the chunk covering it (the first one when chunks overlap) */
export function coverage(chunks: readonly ChunkItem[]): Map<number, Cover> {
  const map = new Map<number, Cover>();
  for (const chunk of chunks) {
    const [s, e] = chunkLineRange(chunk);
    const cover = { chunk, cls: classifyChunk(chunk), palette: chunkPalette(chunk) };
    for (let n = s; n <= e; n++) if (!map.has(n)) map.set(n, cover);
  }
  return map;
}

/** Consecutive lines covered by the same chunk (or by none): each is redrawn only when it changes. */
interface Segment {
  key: string;
  cover: Cover | undefined;
  lines: OcrLineItem[];
}

export function segments(lines: readonly OcrLineItem[], cover: Map<number, Cover>): Segment[] {
  const out: Segment[] = [];
  for (const l of lines) {
    const c = cover.get(l.number);
    const last = out[out.length - 1];
    if (last && last.cover?.chunk.id === c?.chunk.id) last.lines.push(l);
    else out.push({ key: `${l.number}`, cover: c, lines: [l] });
  }
  return out;
}

const SegmentRows = memo(function SegmentRows({ segment, selected }: { segment: Segment; selected: boolean }) {
  const c = segment.cover;
  const style = c
    ? {
        background: `var(--chakra-colors-${c.palette}-${selected ? 'muted' : 'subtle'})`,
        borderLeft: `4px solid var(--chakra-colors-${c.palette}-${selected ? 'solid' : 'muted'})`,
        fontWeight: selected ? 600 : undefined,
      }
    : { borderLeft: '4px solid transparent' };
  return (
    <>
      {segment.lines.map((l) => (
        <div
          key={l.number}
          role="listitem"
          data-line={l.number}
          data-chunk-id={c?.chunk.id}
          data-chunk-class={c?.cls ?? 'none'}
          data-selected={selected || undefined}
          style={{ display: 'flex', gap: '0.75rem', padding: '0 0.5rem', cursor: c ? 'pointer' : undefined, lineHeight: 1.5, ...style }}
        >
          <span style={{ minWidth: '3.5em', textAlign: 'right', color: 'var(--chakra-colors-fg-muted)', userSelect: 'none', flexShrink: 0 }}>{l.number}</span>
          <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{l.text || '\u00a0'}</span>
        </div>
      ))}
    </>
  );
});

export const LinesPane = memo(function LinesPane({
  lines,
  chunks,
  selectedId,
  onSelect,
}: {
  lines: readonly OcrLineItem[];
  chunks: readonly ChunkItem[];
  selectedId: string | null;
  onSelect: (chunkId: string) => void;
}) {
  const parts = useMemo(() => segments(lines, coverage(chunks)), [lines, chunks]);
  const box = useRef<HTMLDivElement>(null);

  // bring the selected chunk's first line into view
  useEffect(() => {
    if (!selectedId || !box.current) return;
    const first = box.current.querySelector<HTMLElement>(`[data-chunk-id="${selectedId}"]`);
    if (first && typeof first.scrollIntoView === 'function') first.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);

  return (
    <Box
      ref={box}
      role="list"
      aria-label="Document lines"
      borderWidth="1px"
      borderRadius="md"
      overflow="auto"
      maxH={{ base: '50vh', lg: 'calc(100vh - 12rem)' }}
      fontFamily="mono"
      fontSize="sm"
      bg="bg.panel"
      onClick={(e) => {
        const id = (e.target as HTMLElement).closest<HTMLElement>('[data-chunk-id]')?.dataset.chunkId;
        if (id) onSelect(id);
      }}
    >
      {parts.map((seg) => (
        <SegmentRows key={seg.key} segment={seg} selected={seg.cover !== undefined && seg.cover.chunk.id === selectedId} />
      ))}
    </Box>
  );
});
