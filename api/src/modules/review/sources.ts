// Where every value of the record came from: the extraction's provenance, carried over to the
// unified record's paths and to rows that corrections moved, and "corrected" where a user changed it.
import { childPath, unifiedPathOf, type UnifiedOrigin } from '@quarry/shared/review';
import type { ExtractionResultRow } from '../../db/schema';
import { isRow, type RowKeys, type ValueSource } from './model';

/** Every scalar leaf of a record with its path (null included: a corrected value may be one). */
function scalarLeaves(v: unknown, path: string, out: [string, unknown][]): [string, unknown][] {
  if (Array.isArray(v)) v.forEach((x, i) => scalarLeaves(x, childPath(path, i), out));
  else if (isRow(v)) for (const [k, x] of Object.entries(v)) scalarLeaves(x, childPath(path, k), out);
  else out.push([path, v]);
  return out;
}

const under = (path: string, prefix: string) => path === prefix || (path.startsWith(prefix) && (path[prefix.length] === '.' || path[prefix.length] === '['));

export function sourcesOf(record: Record<string, unknown>, rows: ExtractionResultRow[], origins: UnifiedOrigin[], rowKeys: RowKeys, corrected: string[]): Record<string, ValueSource> {
  // provenance of each original value, by the original record's paths
  const found = new Map<string, ValueSource>();
  rows.forEach((r, index) => {
    for (const v of r.provenance?.values ?? []) {
      const to = unifiedPathOf(origins, index, v.path);
      if (to === null) continue;
      found.set(to, { status: v.status, chunk_id: v.chunk_id, start_line: v.start_line, end_line: v.end_line, page: v.page, match: v.match });
    }
  });
  const out: Record<string, ValueSource> = {};
  for (const [key, value] of Object.entries(record)) {
    const base = childPath('$', key);
    const leaves: [string, string | null][] = [];
    if (Array.isArray(value)) {
      const keys = rowKeys.get(key) ?? [];
      value.forEach((row, i) => {
        const k = keys[i] ?? '';
        const originalRow = k.startsWith('o') ? childPath(base, Number(k.slice(1))) : null;
        const here = childPath(base, i);
        for (const [p] of scalarLeaves(row, here, [])) leaves.push([p, originalRow === null ? null : originalRow + p.slice(here.length)]);
      });
    } else {
      for (const [p] of scalarLeaves(value, base, [])) leaves.push([p, p]);
    }
    for (const [p, originalPath] of leaves) {
      const src = originalPath === null ? undefined : found.get(originalPath);
      if (corrected.some((c) => under(p, c))) {
        out[p] = { status: 'corrected', chunk_id: src?.chunk_id ?? null, start_line: src?.start_line ?? null, end_line: src?.end_line ?? null, page: src?.page ?? null, match: src?.match ?? null };
      } else if (src) {
        out[p] = src;
      }
    }
  }
  return out;
}
