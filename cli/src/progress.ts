// Progress bars on stderr, only when stderr is a terminal (scripts and pipes get none).
import cliProgress from 'cli-progress';

export interface Progress {
  update(value: number, label?: string): void;
  stop(): void;
}

const NONE: Progress = { update: () => undefined, stop: () => undefined };

export function progressBar(stream: NodeJS.WritableStream & { isTTY?: boolean }, total: number, unit: 'bytes' | 'percent', label: string): Progress {
  if (!stream.isTTY) return NONE;
  const format =
    unit === 'bytes'
      ? '{label} [{bar}] {percentage}% | {valueKb}/{totalKb} KB'
      : '{label} [{bar}] {percentage}% | {elapsed}s | {status}';
  const bar = new cliProgress.SingleBar(
    { stream, format, hideCursor: true, clearOnComplete: false, barsize: 30, etaBuffer: 20 },
    cliProgress.Presets.shades_classic,
  );
  const kb = (n: number) => Math.ceil(n / 1024).toLocaleString('en');
  const started = Date.now();
  const payload = (status: string) => ({
    label,
    valueKb: '0',
    totalKb: kb(total),
    elapsed: ((Date.now() - started) / 1000).toFixed(0),
    status,
  });
  bar.start(total, 0, payload(''));
  return {
    update(value, status = '') {
      bar.update(value, { ...payload(status), valueKb: kb(value) });
    },
    stop() {
      bar.stop();
    },
  };
}
