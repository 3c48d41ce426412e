// The date kind of match: a value read as calendar days against the dates written in the text.
import { wordDates } from './readings';
import { type Hit, type SourceText, uniqueHits } from './source-text';

const MONTH_PREFIXES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The text's dates are read with the first value that reads as a date. */
export class DateMatcher {
  private readonly source: SourceText;
  private byDay: Map<string, Hit[]> | null = null;

  constructor(source: SourceText) {
    this.source = source;
  }

  /** The dates of the text that fall on one of `days` (dateReadings), in text order. */
  date(days: string[]): Hit[] {
    const dates = this.datesByDay;
    if (days.length === 1) {
      // one day's list is in text order unless two patterns found it (uniqueHits then orders it)
      const list = dates.get(days[0]!) ?? [];
      if (list.every((h, i) => i === 0 || h.start > list[i - 1]!.start)) return list;
    }
    return uniqueHits(days.flatMap((d) => dates.get(d) ?? []));
  }

  private get datesByDay(): Map<string, Hit[]> {
    if (!this.byDay) {
      const byDay = new Map<string, Hit[]>();
      const { flat, lower, numericDates } = this.source;
      // the written-month patterns only where a month's first three letters are (most tables write dates in digits)
      for (const d of MONTH_PREFIXES.some((m) => lower.includes(m)) ? [...numericDates, ...wordDates(flat)] : numericDates) {
        for (const day of d.days) {
          const list = byDay.get(day) ?? [];
          list.push({ start: d.start, end: d.end });
          byDay.set(day, list);
        }
      }
      this.byDay = byDay;
    }
    return this.byDay;
  }
}
