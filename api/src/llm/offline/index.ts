// The offline provider: no key, no network, no model. It answers a structured request by
// running the deterministic schema-guided extractor over the document text and labels every
// result `offline: true` (model "offline-extractor"). Its usage is the estimate of what a model
// call would have used (./usage): nothing is consumed offline.
import { LlmAbortedError } from '../errors';
import type { GenerateRequest, GenerateResult, LlmProvider, LlmSourceDocument } from '../types';
import { extractOffline } from './extract';
import { splitCells } from './table';
import { offlineUsage } from './usage';

export { extractOffline, type OfflineExtraction, type FoundField } from './extract';
export { parseAmount, parseDate, findDates, parseEmail, parseCurrency } from './values';
export { normalizeLabel, matchLabel, labelsFor } from './labels';

export const OFFLINE_MODEL = 'offline-extractor-v1';

/** Lines of a rendered schema description ("- invoice_number (string, required): ...") are prompt, not document. */
const SCHEMA_LINE = /^\s*[-*•]\s*[\w.$[\]-]+\s*\((?:string|number|integer|boolean|array|object|null)\b[^)]*\)/i;

/** Without `source`, the document is taken from the last user message, minus schema-description lines. */
export function sourceFromMessages(request: GenerateRequest): LlmSourceDocument {
  if (request.source) return request.source;
  const lastUser = [...request.messages].reverse().find((m) => m.role === 'user');
  const text = (lastUser?.content ?? '')
    .split(/\r?\n/)
    .filter((l) => !SCHEMA_LINE.test(l))
    .join('\n');
  return { text };
}

export class OfflineProvider implements LlmProvider {
  readonly name = 'offline' as const;
  readonly model = OFFLINE_MODEL;
  readonly deterministic = true;

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const started = performance.now();
    if (request.signal?.aborted) throw new LlmAbortedError('offline');
    const source = sourceFromMessages(request);
    let content: string;
    let json: unknown;
    let warnings: string[] = [];
    if (request.responseSchema) {
      // positional rules (first line = vendor, ...) only when the engine passed the real document
      const result = extractOffline(source, request.responseSchema, { positional: !!request.source });
      json = result.data;
      content = JSON.stringify(json);
      warnings = result.warnings;
    } else {
      content = JSON.stringify(keyValues(source.text), null, 2);
    }
    return {
      content,
      ...(request.responseSchema ? { json } : {}),
      model: OFFLINE_MODEL,
      provider: 'offline',
      usage: offlineUsage(request, content),
      processing_time_ms: Math.round(performance.now() - started),
      attempts: 1,
      offline: true,
      finish_reason: 'stop',
      ...(warnings.length ? { warnings } : {}),
    };
  }
}

/** Without a schema: every "Label: value" pair of the text (what the offline reader can honestly say). */
function keyValues(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const cells = splitCells(line);
    cells.forEach((cell, i) => {
      const m = /^([^:]{1,60}?)\s*:\s*(.*)$/.exec(cell.text);
      if (!m || !/[a-z]/i.test(m[1]!) || /\d$/.test(m[1]!)) return;
      const key = m[1]!.trim();
      // "City:  Oslo": the value is the next cell
      const value = m[2]!.trim() || (cells[i + 1] && !cells[i + 1]!.text.includes(':') ? cells[i + 1]!.text : '');
      if (value && !(key in out)) out[key] = value;
    });
  }
  return out;
}
