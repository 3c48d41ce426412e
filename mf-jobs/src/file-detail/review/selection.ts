// The source the user asked to see, shared by the Extraction Results and OCR Results tabs through
// the URL (?tab=ocr&lines=12-14&page=2&of=Invoice%20number): no prop-drilling across tabs, and a
// highlighted source survives a reload and can be linked.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface SourceSelection {
  start: number;
  end: number;
  page: number | null;
  /** what the lines are the source of ("Invoice number", "Amount, row 2") */
  label: string;
}

export type FileTab = 'ocr' | 'versions' | 'extraction';
const TABS: readonly FileTab[] = ['ocr', 'versions', 'extraction'];

export function parseSelection(params: URLSearchParams): SourceSelection | null {
  const m = /^(\d+)-(\d+)$/.exec(params.get('lines') ?? '');
  if (!m) return null;
  const start = Number(m[1]);
  const end = Number(m[2]);
  if (start < 1 || end < start) return null;
  const page = Number(params.get('page'));
  return { start, end, page: Number.isInteger(page) && page >= 1 ? page : null, label: params.get('of') ?? '' };
}

/** The file page's open tab and the selected source, read from and written to the URL. */
export function useFilePageState() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: FileTab = TABS.includes(tabParam as FileTab) ? (tabParam as FileTab) : 'ocr';
  const selection = useMemo(() => parseSelection(params), [params]);

  const setTab = useCallback(
    (next: FileTab) =>
      setParams(
        (p) => {
          const q = new URLSearchParams(p);
          q.set('tab', next);
          return q;
        },
        { replace: true },
      ),
    [setParams],
  );
  const showSource = useCallback(
    (s: SourceSelection) =>
      setParams((p) => {
        const q = new URLSearchParams(p);
        q.set('tab', 'ocr');
        q.set('lines', `${s.start}-${s.end}`);
        if (s.page) q.set('page', String(s.page));
        else q.delete('page');
        q.set('of', s.label);
        return q;
      }),
    [setParams],
  );
  const clearSource = useCallback(
    () =>
      setParams(
        (p) => {
          const q = new URLSearchParams(p);
          for (const k of ['lines', 'page', 'of']) q.delete(k);
          return q;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { tab, setTab, selection, showSource, clearSource };
}
