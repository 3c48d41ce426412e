// Entry point: `node dist/main.js` (or `tsx src/main.ts`). Config from the environment.
import { buildApp } from './app';
import { loadConfig } from './config';
import { loadSpreadsheetWriter } from './modules/review-export/writers';
import { describeOcrEngine } from './processing/ocr/engines';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  const ocr = await describeOcrEngine(config.jobs.ocrEngine, { model: config.jobs.ocrModel, languages: config.jobs.ocrLanguages });
  if (ocr.ok) app.log.info(ocr.line);
  else app.log.warn(ocr.line);
  await loadSpreadsheetWriter();
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => `API ready on ${address} (docs at ${address}/api/docs)`,
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  if (err instanceof Error && err.name !== 'DataDirLockedError' && err.stack) console.error(err.stack);
  process.exit(1);
});
