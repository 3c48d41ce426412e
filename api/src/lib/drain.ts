// Stopping the API with requests in flight (app.close(): SIGTERM / SIGINT in main.ts).
//
// Fastify's close alone: it marks the app closing, runs the preClose hooks, destroys every
// connection (forceCloseConnections: true: even those whose request is still running), stops
// listening, then runs the onClose hooks, one of which closes the database. A handler still
// at work (an upload streaming to storage, a complete checking its files) then queries a
// closed database: "Cannot use a pool after calling end on the pool" (PGlite: "PGlite is
// closed") in the log, and the client loses an answer it was about to get.
//
// installDrain adds a preClose hook that runs before the others (registered first), so
// before the sockets and the database are closed (work handed to `alongside`, the job workers'
// stop, starts with it and is awaited with it):
//   1. the server stops listening (new connections are refused; a request arriving on a
//      kept-alive connection is answered 503 by Fastify, return503OnClosing);
//   2. it waits for the requests in flight, at most `drainMs`: a request counts from its
//      arrival until its response is over, and its route handler until it has returned;
//   3. requests still running then have their connections closed and `settleMs` more to wind
//      down (a cut-off upload puts its row back) while the database is still open.
// A handler still querying after that gets a closed-database error, which the error handler
// answers 503 with a warning (lib/errors.ts isDatabaseClosedError), not an error line.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** Counts pieces of work in flight; `idle(ms)` waits for none to be left. */
export class InFlight {
  private count = 0;
  private waiters: (() => void)[] = [];

  get size(): number {
    return this.count;
  }

  /** Counts one piece of work; call the answered function (once) when it is over. */
  begin(): () => void {
    this.count += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.count -= 1;
      if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
    };
  }

  /** Resolves true once nothing is in flight, false if something still is after `timeoutMs`. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        resolve(this.count === 0);
      }, timeoutMs);
      this.waiters.push(wake);
    });
  }
}

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  v !== null && (typeof v === 'object' || typeof v === 'function') && typeof (v as { then?: unknown }).then === 'function';

export interface DrainOptions {
  /** how long app.close() waits for the requests in flight */
  drainMs: number;
  /** after that, how long the cut-off requests get to wind down before the database closes */
  settleMs: number;
}

export interface Drain {
  requests: InFlight;
  handlers: InFlight;
  /**
   * Work to start as soon as close begins, beside the wait for requests, and awaited with it:
   * stopping the job workers (their jobs go back to the queue) does not need the requests to
   * end first, and done one after the other the two waits could outlast main.ts's force-exit.
   */
  alongside(task: () => Promise<unknown>): void;
}

/**
 * Makes app.close() wait for the requests in flight (see the top of this file). Call it
 * before any route and any other preClose hook is added: it wraps the route handlers
 * (onRoute) and its preClose hook must run first.
 */
export function installDrain(app: FastifyInstance, options: DrainOptions): Drain {
  const requests = new InFlight();
  const handlers = new InFlight();
  const tasks: (() => Promise<unknown>)[] = [];

  // a request, from its arrival until its response is finished or its connection closed
  // (WebSocket upgrades are not 'request' events: open sockets do not hold the drain)
  const open = new Set<IncomingMessage>();
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const end = requests.begin();
    open.add(req);
    res.once('close', () => {
      open.delete(req);
      end();
    });
  });

  // a route handler, until it returns: it may go on after its connection is gone
  app.addHook('onRoute', (route) => {
    if (route.websocket || route.wsHandler) return; // lives as long as its socket
    const handler = route.handler;
    route.handler = function drainTracked(this: FastifyInstance, request, reply) {
      const end = handlers.begin();
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (err) {
        end();
        throw err;
      }
      if (isThenable(result)) return Promise.resolve(result).finally(end);
      end();
      return result;
    };
  });

  const running = () => Math.max(requests.size, handlers.size);
  const idle = async (ms: number) => {
    const deadline = Date.now() + ms;
    return (await requests.idle(ms)) && (await handlers.idle(Math.max(0, deadline - Date.now())));
  };

  const drainRequests = async () => {
    if (running() === 0) return;
    app.log.info(`shutting down: waiting for ${running()} request(s) in flight (up to ${options.drainMs / 1000} s)`);
    if (await idle(options.drainMs)) return;
    // which ones: a request that never ends on its own (a stream a client keeps open) shows here
    const which = [...open].slice(0, 5).map((r) => `${r.method} ${(r.url ?? '').split('?')[0]}`);
    app.log.warn({ requests: which }, `shutting down: ${running()} request(s) still running after ${options.drainMs / 1000} s; closing their connections`);
    app.server.closeAllConnections();
    if (!(await idle(options.settleMs))) {
      app.log.warn(`shutting down: ${running()} request(s) still running; closing the database under them`);
    }
  };

  app.addHook('preClose', async () => {
    if (app.server.listening) app.server.close(); // Fastify's own close() later finds it closed
    const beside = tasks.map((task) => task().catch((err: unknown) => app.log.warn({ err }, 'shutting down: a task beside the drain failed')));
    await drainRequests();
    await Promise.all(beside);
  });

  return { requests, handlers, alongside: (task) => void tasks.push(task) };
}
