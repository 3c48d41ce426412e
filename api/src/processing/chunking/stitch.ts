// Stitching window results back into one segmentation, and the table guarantees applied after.
//
// Two neighbouring windows' segments are joined (last of window k + first of window k+1) when
//   (a) the first segment says continues_previous, or
//   (b) the last segment ends with a table, the first segment starts with a table, only blank
//       lines lie between them, and the second table continues the first: it says
//       continues_previous, or it has no description and either no header or the same header text
//       (a repeated header).
// Joined tables get the union of their parts (adjacent header/description parts fuse). After
// stitching, segments sharing a table found by the deterministic detector are joined as well,
// so a table's rows never end up in two chunks whatever the model said.
import type { SegmentSpan } from './analyser';
import type { ChunkingDocument } from './document';
import type { ModelTable } from './model';
import type { DetectedTable } from './tables';
import type { LlmStatus, TablePart, TableStructure } from './types';

export interface WindowSegment extends SegmentSpan {
  tables: ModelTable[];
  continuesPrevious: boolean;
  /** llm_chunk_id */
  id: string;
  status: LlmStatus;
  /** 1-based window numbers */
  windows: number[];
}

function onlyBlankBetween(doc: ChunkingDocument, a: number, b: number): boolean {
  for (let n = a + 1; n < b; n++) if (!doc.isBlank(n)) return false;
  return true;
}

function partText(doc: ChunkingDocument, t: TableStructure, role: TablePart['role']): string | null {
  const parts = t.parts.filter((p) => p.role === role);
  if (parts.length === 0) return null;
  const lines: string[] = [];
  for (const p of parts) for (let n = p.start; n <= p.end; n++) lines.push(doc.textOf(n).trim().replace(/\s+/g, ' '));
  return lines.join('\n');
}

export function tableContinues(doc: ChunkingDocument, prev: TableStructure, next: ModelTable): boolean {
  if (next.start <= prev.end || !onlyBlankBetween(doc, prev.end, next.start)) return false;
  if (next.continuesPrevious) return true;
  if (next.parts.some((p) => p.role === 'description')) return false;
  const header = partText(doc, next, 'header');
  return header === null || header === partText(doc, prev, 'header');
}

function joinTable(prev: ModelTable, next: ModelTable): ModelTable {
  const parts: TablePart[] = prev.parts.map((p) => ({ ...p }));
  for (const p of next.parts) {
    const last = parts[parts.length - 1];
    if (last && last.role === p.role && p.role !== 'body' && last.end + 1 === p.start) last.end = p.end;
    else parts.push({ ...p });
  }
  return { start: prev.start, end: next.end, parts, continuesPrevious: prev.continuesPrevious };
}

export function joinTables(doc: ChunkingDocument, a: ModelTable[], b: ModelTable[]): ModelTable[] {
  const last = a[a.length - 1];
  const first = b[0];
  if (last && first && tableContinues(doc, last, first)) {
    return [...a.slice(0, -1), joinTable(last, first), ...b.slice(1)];
  }
  return [...a, ...b];
}

export function mergeSegments(doc: ChunkingDocument, a: WindowSegment, b: WindowSegment): WindowSegment {
  const merged: WindowSegment = {
    start: a.start,
    end: b.end,
    type: a.type === 'table' && b.type === 'table' ? 'table' : 'text',
    kind: a.kind === b.kind ? a.kind : 'mixed',
    tables: joinTables(doc, a.tables, b.tables),
    continuesPrevious: a.continuesPrevious,
    id: a.id,
    status: a.status,
    windows: [...new Set([...a.windows, ...b.windows])].sort((x, y) => x - y),
  };
  if (a.startPos !== undefined) merged.startPos = a.startPos;
  if (b.endPos !== undefined) merged.endPos = b.endPos;
  return merged;
}

function shouldStitch(doc: ChunkingDocument, prev: WindowSegment, next: WindowSegment): boolean {
  if (next.start <= prev.end || !onlyBlankBetween(doc, prev.end, next.start)) return false;
  if (next.continuesPrevious) return true;
  const pt = prev.tables[prev.tables.length - 1];
  const nt = next.tables[0];
  if (!pt || !nt) return false;
  if (!onlyBlankBetween(doc, pt.end, prev.end + 1) || !onlyBlankBetween(doc, next.start - 1, nt.start)) return false;
  return tableContinues(doc, pt, nt);
}

/** Collects window results in order, joining segments across window edges. */
export class Stitcher {
  readonly segments: WindowSegment[] = [];

  constructor(private readonly doc: ChunkingDocument) {}

  add(windowSegments: WindowSegment[]): void {
    windowSegments.forEach((seg, i) => {
      const last = this.segments[this.segments.length - 1];
      if (i === 0 && last && shouldStitch(this.doc, last, seg)) {
        this.segments[this.segments.length - 1] = mergeSegments(this.doc, last, seg);
      } else this.segments.push(seg);
    });
  }
}

/** Joins neighbouring segments that share a detected table (the rows-never-split guarantee). */
export function protectTables(doc: ChunkingDocument, segments: WindowSegment[], detected: readonly DetectedTable[]): WindowSegment[] {
  const out: WindowSegment[] = [];
  for (const seg of segments) {
    const last = out[out.length - 1];
    if (last && detected.some((t) => t.start <= last.end && t.end >= seg.start)) {
      out[out.length - 1] = mergeSegments(doc, last, seg);
    } else out.push(seg);
  }
  return out;
}

/**
 * Adds detected tables the model did not describe (entirely inside a segment, overlapping none
 * of its tables), drops tables without a body row, and sorts.
 */
export function completeTables(segments: WindowSegment[], detected: readonly DetectedTable[]): void {
  for (const seg of segments) {
    for (const t of detected) {
      if (t.start < seg.start || t.end > seg.end) continue;
      if (seg.tables.some((m) => m.start <= t.end && m.end >= t.start)) continue;
      seg.tables.push({ start: t.start, end: t.end, parts: t.parts.map((p) => ({ ...p })), continuesPrevious: false });
    }
    seg.tables = seg.tables.filter((t) => t.parts.some((p) => p.role === 'body')).sort((x, y) => x.start - y.start);
    if (seg.type === 'table' && seg.tables.length === 0) seg.type = 'text';
  }
}
