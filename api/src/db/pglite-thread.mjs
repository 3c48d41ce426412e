// The embedded PostgreSQL's thread: PGlite runs here, in a worker thread, so that the time a
// query computes (a list's sort, an export's rows, a migration) is never the API's event loop's
// time. The API thread talks to it through pglite-client.ts; one message a call, answered in
// order, and a LISTEN channel's notices posted before the answer of the query that caused them
// (PGlite hands them to its listeners before that query settles), so the API thread sees a
// write's notice before the code that wrote goes on.
//
// Plain ESM with no TypeScript: jest, tsx and the esbuild bundle all start it by path
// (`new URL('./pglite-thread.mjs', import.meta.url)`; the bundle has it copied beside it).
import { PGlite } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';

if (!parentPort) throw new Error('pglite-thread.mjs runs as a worker thread');
const port = parentPort;

const identity = (value) => value;

/** The answer to a call that failed: the error's message and its plain fields (code, detail...). */
function errorData(err) {
  const data = { name: 'Error', message: String(err), fields: {} };
  if (err && typeof err === 'object') {
    data.name = typeof err.name === 'string' ? err.name : 'Error';
    data.message = typeof err.message === 'string' ? err.message : data.message;
    for (const [key, value] of Object.entries(err)) {
      // PGlite's DatabaseError also carries the query options (with parser functions): only
      // what can be cloned and is worth reading crosses back
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) data.fields[key] = value;
    }
  }
  return data;
}

let db = null;
const ready = (async () => {
  db = new PGlite(workerData.dataDir);
  await db.waitReady;
})();
// a start that failed is every call's answer (answer() awaits it), not the thread's end
ready.catch(() => undefined);

async function answer(call) {
  await ready;
  switch (call.op) {
    case 'query': {
      const options = { rowMode: call.rowMode };
      if (call.identityTypes) options.parsers = Object.fromEntries(call.identityTypes.map((oid) => [oid, identity]));
      return db.query(call.sql, call.params, options);
    }
    case 'exec':
      return db.exec(call.sql);
    case 'listen':
      await db.listen(call.channel, (payload) => port.postMessage({ notice: { channel: call.channel, payload } }));
      return null;
    case 'close':
      if (!db.closed) await db.close();
      return null;
    default:
      throw new Error(`unknown call ${call.op}`);
  }
}

port.on('message', (call) => {
  answer(call).then(
    (result) => port.postMessage({ id: call.id, result }),
    (err) => port.postMessage({ id: call.id, error: errorData(err) }),
  );
});
