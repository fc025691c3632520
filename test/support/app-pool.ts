import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchApp, type LaunchedApp } from './app-process';

/**
 * A few API processes started ahead of the test files that ask for a plain one (`startApp()` with no
 * options, most files), so that a file finds its app already healthy instead of waiting for Node to
 * load the API's modules. Each is as fresh as one started by the file: its own process, its own
 * database cloned from the run's template, used by one file and stopped by it.
 *
 * The pool lives in jest's main process (global setup) and serves the workers over HTTP on the
 * loopback: POST /take, and for a taken app POST /signal and POST /stop (its process is the pool's child).
 */
export const APP_POOL_ENV = 'TEST_APP_POOL_URL';

export interface AppPool {
  url: string;
  /** Stops the spare apps and any taken app still running. */
  close(): Promise<void>;
}

/** What a worker gets for a taken app. */
export interface PooledApp {
  port: number;
  pid: number;
  databaseUrl: string;
  outputFile: string;
}

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * `size` spares at most, started one at a time (a start is Node loading the API's modules: two at
 * once on two cores would only slow the tests running beside them). The first is started at once;
 * the rest only once a file has taken one, so a run of a single file starts at most one extra.
 */
export async function startAppPool(size: number): Promise<AppPool> {
  const spares: Array<Promise<LaunchedApp>> = [];
  const taken = new Map<number, LaunchedApp>();
  let target = 1;
  let starting: Promise<unknown> = Promise.resolve();
  let closed = false;

  const refill = () => {
    while (!closed && spares.length < target) {
      const next = starting.then(() => launchApp());
      // A failed start is the next taker's error (with the API's output), not an unhandled rejection.
      next.catch(() => undefined);
      starting = next.catch(() => undefined);
      spares.push(next);
    }
  };
  const takenApp = (pid: unknown) => {
    const app = taken.get(Number(pid));
    if (!app) throw new Error(`no app ${String(pid)} was taken from the pool`);
    return app;
  };
  const routes: Record<string, (input: Record<string, unknown>) => Promise<unknown>> = {
    '/take': async () => {
      target = size;
      const next = spares.shift() ?? (refill(), spares.shift()!);
      refill();
      const app = await next;
      taken.set(app.pid, app);
      return { port: app.port, pid: app.pid, databaseUrl: app.databaseUrl, outputFile: app.outputFile } satisfies PooledApp;
    },
    '/signal': async ({ pid, signal }) => ({ code: await takenApp(pid).signal(signal as NodeJS.Signals) }),
    '/stop': async ({ pid }) => {
      const app = takenApp(pid);
      taken.delete(app.pid);
      await app.stop();
      return {};
    },
  };

  const server: Server = createServer((req, res) => {
    const route = routes[req.url ?? ''];
    const answer = route ? body(req).then(route) : Promise.reject(new Error(`unknown pool call ${req.url}`));
    answer.then(
      (result) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result)),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(err instanceof Error ? err.message : String(err)),
    );
  });
  // A take waits for its app however long a start takes on a busy machine (launchApp's own budget).
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The pool must not keep jest's main process alive on its own.
  server.unref();
  refill();

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      closed = true;
      server.close();
      const spareApps = await Promise.allSettled(spares.splice(0));
      const running = [...spareApps.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])), ...taken.values()];
      taken.clear();
      await Promise.all(running.map((app) => app.stop()));
    },
  };
}

/**
 * A worker's call to the run's pool, on a connection of its own (no keep-alive: a request sent on
 * a reused connection just as the server closes it for idleness fails with "other side closed").
 */
export function callPool<T>(route: '/take' | '/signal' | '/stop', input: Record<string, unknown> = {}): Promise<T> {
  const url = process.env[APP_POOL_ENV];
  if (!url) return Promise.reject(new Error(`${APP_POOL_ENV} is not set`));
  return new Promise<T>((resolve, reject) => {
    const req = request(`${url}${route}`, { method: 'POST', agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text) as T) : reject(new Error(`the app pool's ${route}: ${text}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(input));
  });
}
