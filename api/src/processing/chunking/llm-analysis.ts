// llm_analysis: windows of windowSize lines, each segmented by the ChunkingModel (retried up to
// maxAttempts on garbage, then taken over by the deterministic analyser and counted as a failure)
// or, with no model, by the deterministic analyser; results stitched across window edges
// (stitch.ts); tables protected; text segments over maxChunkSize cut on line boundaries.
//
// The deterministic analyser segments the whole document once (it is free and needs context for
// tables crossing a window edge) and hands each window the part of that segmentation inside it,
// with continues_previous set where a segment started in an earlier window; stitching the
// windows therefore gives back exactly the whole-document segmentation.
import { analyseDocument, type AnalysedSegment } from './analyser';
import type { ChunkSpec, ChunkingDocument } from './document';
import { buildModelRequest, parseModelAnswer, type ChunkingModel, type ModelTable } from './model';
import { packUnits, unitsOf } from './split';
import { completeTables, protectTables, Stitcher, type WindowSegment } from './stitch';
import { chunkTypeFor, plainTable } from './strategies';
import type { DetectedTable } from './tables';
import type { ChunkingProgressEvent, LlmStatus, TableStructure, WindowInfo, WindowReport } from './types';

export interface LlmAnalysisContext {
  maxChunkSize: number;
  windowSize: number;
  maxAttempts: number;
  dedicatedTableMinRows: number;
  model: ChunkingModel | null;
  signal?: AbortSignal;
  emit: (e: Omit<ChunkingProgressEvent, 'phase' | 'details'> & { details: Partial<ChunkingProgressEvent['details']> }) => void;
}

export interface LlmAnalysisResult {
  specs: ChunkSpec[];
  reports: WindowReport[];
  attempts: number;
  failures: number;
  windowsTotal: number;
}

export function windowsOf(lineCount: number, windowSize: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (let s = 1; s <= lineCount; s += windowSize) out.push({ start: s, end: Math.min(lineCount, s + windowSize - 1) });
  return out;
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) {
    throw signal.reason instanceof Error ? signal.reason : new DOMException('Chunking was cancelled', 'AbortError');
  }
}

function clipTable(t: TableStructure, a: number, b: number): ModelTable | null {
  const parts = t.parts
    .filter((p) => p.end >= a && p.start <= b)
    .map((p) => ({ role: p.role, start: Math.max(p.start, a), end: Math.min(p.end, b) }));
  if (parts.length === 0) return null;
  return {
    start: Math.min(...parts.map((p) => p.start)),
    end: Math.max(...parts.map((p) => p.end)),
    parts,
    continuesPrevious: t.start < a,
  };
}

/** The deterministic segmentation's part inside window a..b. */
export function clipSegments(
  doc: ChunkingDocument,
  whole: readonly AnalysedSegment[],
  a: number,
  b: number,
  windowNo: number,
  status: LlmStatus,
): WindowSegment[] {
  const out: WindowSegment[] = [];
  for (const s of whole) {
    if (s.end < a || s.start > b) continue;
    const trimmed = doc.trim(Math.max(s.start, a), Math.min(s.end, b));
    if (!trimmed) continue;
    const [cs, ce] = trimmed;
    const tables = s.tables.map((t) => clipTable(t, cs, ce)).filter((t): t is ModelTable => t !== null);
    const seg: WindowSegment = {
      start: cs,
      end: ce,
      type: s.type,
      kind: s.kind,
      tables,
      continuesPrevious: s.start < a,
      id: `w${windowNo}-s${out.length + 1}`,
      status,
      windows: [windowNo],
    };
    if (s.startPos !== undefined && s.start >= a && s.end <= b) {
      seg.startPos = s.startPos;
      seg.endPos = s.endPos;
    }
    out.push(seg);
  }
  return out;
}

export async function runLlmAnalysis(
  doc: ChunkingDocument,
  detected: readonly DetectedTable[],
  ctx: LlmAnalysisContext,
): Promise<LlmAnalysisResult> {
  const windows = windowsOf(doc.lineCount, ctx.windowSize);
  const total = windows.length;
  const stitcher = new Stitcher(doc);
  const reports: WindowReport[] = [];
  let whole: AnalysedSegment[] | null = null;
  const deterministic = (): AnalysedSegment[] =>
    (whole ??= analyseDocument(doc, detected, { maxChunkSize: ctx.maxChunkSize, dedicatedTableMinRows: ctx.dedicatedTableMinRows }));
  let attempts = 0;
  let failures = 0;

  for (const [index, win] of windows.entries()) {
    throwIfAborted(ctx.signal);
    const windowNo = index + 1;
    const info: WindowInfo = { current: windowNo, total, lines: win.end - win.start + 1, start_line: win.start, end_line: win.end };
    const pct = (done: number): number => Math.round((done / total) * 90);
    ctx.emit({
      sub_phase: 'window_started',
      event_type: 'progress',
      message: `Analysing window ${windowNo} of ${total} (lines ${win.start}-${win.end})`,
      progress_percentage: pct(index),
      current_value: index,
      total_value: total,
      units: 'windows',
      details: { window_info: info, chunks_found: stitcher.segments.length, failures },
    });
    let segments: WindowSegment[] | null = null;
    let status: LlmStatus = ctx.model ? 'success' : 'deterministic';
    const errors: string[] = [];
    let windowAttempts = 0;
    if (ctx.model) {
      let previousError: string | null = null;
      for (let attempt = 1; attempt <= ctx.maxAttempts && !segments; attempt++) {
        throwIfAborted(ctx.signal);
        windowAttempts++;
        attempts++;
        try {
          const request = buildModelRequest(doc, { index, total, start: win.start, end: win.end }, ctx.maxChunkSize, attempt, ctx.maxAttempts, previousError);
          const raw = await ctx.model.segmentWindow(request, { signal: ctx.signal });
          throwIfAborted(ctx.signal);
          const parsed = parseModelAnswer(raw, doc, win.start, win.end);
          segments = fromModel(doc, parsed, windowNo);
        } catch (e) {
          throwIfAborted(ctx.signal);
          previousError = e instanceof Error ? e.message : String(e);
          errors.push(`attempt ${attempt}: ${previousError}`);
          ctx.emit({
            sub_phase: 'window_retry',
            event_type: 'error',
            message: attempt < ctx.maxAttempts
              ? `Window ${windowNo} of ${total}: attempt ${attempt} of ${ctx.maxAttempts} failed, retrying`
              : `Window ${windowNo} of ${total}: attempt ${attempt} of ${ctx.maxAttempts} failed`,
            progress_percentage: pct(index),
            current_value: index,
            total_value: total,
            units: 'windows',
            details: { window_info: info, chunks_found: stitcher.segments.length, failures, attempt, max_attempts: ctx.maxAttempts, error: previousError },
          });
        }
      }
      if (!segments) {
        failures++;
        status = 'fallback';
        ctx.emit({
          sub_phase: 'window_fallback',
          event_type: 'error',
          message: `Window ${windowNo} of ${total}: model failed ${ctx.maxAttempts} times, using the deterministic analyser`,
          progress_percentage: pct(index),
          current_value: index,
          total_value: total,
          units: 'windows',
          details: { window_info: info, chunks_found: stitcher.segments.length, failures, attempt: windowAttempts, max_attempts: ctx.maxAttempts, error: errors[errors.length - 1] ?? 'unknown error' },
        });
      }
    }
    segments ??= clipSegments(doc, deterministic(), win.start, win.end, windowNo, status);
    stitcher.add(segments);
    reports.push({ window: windowNo, start_line: win.start, end_line: win.end, status, attempts: windowAttempts, errors, segments: segments.length });
    ctx.emit({
      sub_phase: 'window_completed',
      event_type: 'progress',
      message: `Window ${windowNo} of ${total} done: ${segments.length} segment(s)${status === 'fallback' ? ' (deterministic fallback)' : ''}`,
      progress_percentage: pct(windowNo),
      current_value: windowNo,
      total_value: total,
      units: 'windows',
      details: { window_info: info, chunks_found: stitcher.segments.length, failures, attempt: windowAttempts || undefined, max_attempts: ctx.model ? ctx.maxAttempts : undefined },
    });
  }

  const protectedSegments = protectTables(doc, stitcher.segments, detected);
  completeTables(protectedSegments, detected);
  const specs = enforceSize(doc, protectedSegments, detected, ctx.maxChunkSize);
  return { specs, reports, attempts, failures, windowsTotal: total };
}

function fromModel(doc: ChunkingDocument, parsed: ReturnType<typeof parseModelAnswer>, windowNo: number): WindowSegment[] {
  const out: WindowSegment[] = [];
  parsed.forEach((s, i) => {
    let range = doc.trim(s.start, s.end);
    if (s.tables.length) {
      const ts = Math.min(...s.tables.map((t) => t.start));
      const te = Math.max(...s.tables.map((t) => t.end));
      range = range ? [Math.min(range[0], ts), Math.max(range[1], te)] : [ts, te];
    }
    if (!range) return;
    out.push({
      start: range[0],
      end: range[1],
      type: s.type,
      kind: s.kind,
      tables: s.tables,
      continuesPrevious: i === 0 && s.continuesPrevious,
      id: `w${windowNo}-s${i + 1}`,
      status: 'success',
      windows: [windowNo],
    });
  });
  return out;
}

/** Segments over maxChunkSize are cut on line boundaries, tables (theirs and detected ones) whole. */
function enforceSize(doc: ChunkingDocument, segments: WindowSegment[], detected: readonly DetectedTable[], max: number): ChunkSpec[] {
  const specs: ChunkSpec[] = [];
  for (const seg of segments) {
    const extra = { llm_status: seg.status, segment_kind: seg.kind, windows: seg.windows };
    const startPos = seg.startPos ?? doc.startOf(seg.start);
    const endPos = seg.endPos ?? doc.endOf(seg.end);
    const tables = seg.tables.map(plainTable);
    if (endPos - startPos <= max || seg.startPos !== undefined || seg.endPos !== undefined) {
      specs.push({ startPos, endPos, type: chunkTypeFor(seg.type, seg.start, seg.end, tables), tables, extra: { ...extra, llm_chunk_id: seg.id } });
      continue;
    }
    const atomic = [...tables, ...detected.filter((t) => t.start >= seg.start && t.end <= seg.end)];
    const pieces = packUnits(doc, unitsOf(seg.start, seg.end, atomic), max);
    pieces.forEach((p, k) => {
      const aligned = p.startPos === doc.startOf(p.startLine) && p.endPos === doc.endOf(p.endLine);
      const ts = aligned ? tables.filter((t) => t.start >= p.startLine && t.end <= p.endLine) : [];
      specs.push({
        startPos: p.startPos,
        endPos: p.endPos,
        type: chunkTypeFor(seg.type, p.startLine, p.endLine, ts),
        tables: ts,
        extra: { ...extra, llm_chunk_id: k === 0 ? seg.id : `${seg.id}-p${k + 1}` },
      });
    });
  }
  return specs;
}
