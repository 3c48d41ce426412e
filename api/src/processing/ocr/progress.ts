// The progress events of one OCR run: one per page read, with the page's source and engine,
// and a percentage that reaches 99 only when every page is done (100 is the run's last event).
import type { OcrEngineName, OcrProgress, PageSource } from './types';

export class Progress {
  current = 0;
  total = 0;
  textLength = 0;

  constructor(
    private readonly listener: ((e: OcrProgress) => void) | undefined,
    private readonly filename: string,
    private readonly bytes: number,
    private readonly elapsed: () => number,
  ) {}

  emit(
    phase: OcrProgress['phase'],
    subPhase: string,
    message: string,
    extra: { page?: number; page_source?: PageSource; engine?: OcrEngineName | undefined; percentage?: number; event_type?: OcrProgress['event_type'] } = {},
  ): void {
    if (!this.listener) return;
    const percentage =
      extra.percentage ?? (this.total > 0 ? Math.min(99, Math.floor(5 + (95 * this.current) / this.total)) : 0);
    const event: OcrProgress = {
      phase,
      sub_phase: subPhase,
      event_type: extra.event_type ?? 'progress',
      message,
      current: this.current,
      total: this.total,
      units: 'pages',
      percentage,
      details: {
        filename: this.filename,
        bytes_downloaded: this.bytes,
        text_length: this.textLength,
        processing_time: this.elapsed(),
        ...(this.total > 0 ? { page_count: this.total } : {}),
        ...(extra.page !== undefined ? { page: extra.page } : {}),
        ...(extra.page_source ? { page_source: extra.page_source } : {}),
        ...(extra.engine ? { engine: extra.engine } : {}),
      },
    };
    try {
      this.listener(event);
    } catch {
      // A failing listener must not fail the OCR.
    }
  }
}
