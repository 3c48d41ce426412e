// How long this thread's event loop was held while some work ran: the tests that keep heavy
// work (queries of the embedded database, processing steps) off the thread that serves HTTP.

/** The longest gap between this thread's timer ticks while `work` runs. */
export async function longestStall<T>(work: () => Promise<T>): Promise<{ stallMs: number; tookMs: number; result: T }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    // the stretch since the last tick counts too: a loop held until the work ended never ticked
    const now = performance.now();
    return { stallMs: Math.max(stallMs, now - last), tookMs: now - started, result };
  } finally {
    clearInterval(timer);
  }
}
