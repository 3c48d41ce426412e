// Processes kept between uses (media.ts: a PDF's renderers; engines/tesseract-stream.ts: tesseract
// reading a stream of pages): at most `max` wait, each for `ms`, then it is ended. The owner
// unrefs what it keeps (an idle process must not hold the event loop) and refs what it takes.
export interface Keepable {
  readonly alive: boolean;
  close(): Promise<void>;
}

export class IdleSet<T extends Keepable> {
  private readonly kept: { item: T; timer: NodeJS.Timeout }[] = [];

  constructor(
    private readonly max: number,
    private readonly ms: number,
  ) {}

  get full(): boolean {
    return this.kept.length >= this.max;
  }

  /** Keeps `item` for its next use; false (nothing kept) when full. */
  keep(item: T): boolean {
    if (this.full) return false;
    const timer = setTimeout(() => {
      const i = this.kept.findIndex((k) => k.item === item);
      if (i >= 0) this.kept.splice(i, 1);
      void item.close();
    }, this.ms);
    timer.unref();
    this.kept.push({ item, timer });
    return true;
  }

  /** The last kept item still alive, taken out; undefined when none is. */
  take(): T | undefined {
    for (let k = this.kept.pop(); k; k = this.kept.pop()) {
      clearTimeout(k.timer);
      if (k.item.alive) return k.item;
    }
    return undefined;
  }

  /** Ends every kept item (on shutdown). */
  async closeAll(): Promise<void> {
    const all = this.kept.splice(0);
    for (const k of all) clearTimeout(k.timer);
    await Promise.all(all.map((k) => k.item.close()));
  }
}
