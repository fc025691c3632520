// HTTP load from a separate process (bench/workers/http-load.mjs, autocannon).
import { fork } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './infra.mjs';

const WORKER = path.join(ROOT, 'bench/workers/http-load.mjs');

/**
 * One load process for many runs, one after another: the alternating slices of a phase share a
 * warm client. (A new process per 2 s slice measured the client's own start and JIT warm-up in
 * every slice, which costs a large answer more than /health's 50 bytes.) `close()` when done.
 */
export function httpLoader() {
  const child = fork(WORKER, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let failed = null;
  const waiting = new Set();
  child.once('exit', (code) => {
    failed = new Error(`autocannon exited with ${code}`);
    for (const reject of waiting) reject(failed);
  });
  let last = Promise.resolve();
  const run = ({ url, connections = 10, duration = 10, headers = {} }) => {
    const next = last.then(
      () =>
        new Promise((resolve, reject) => {
          if (failed) return reject(failed);
          waiting.add(reject);
          child.once('message', (m) => {
            waiting.delete(reject);
            resolve(m);
          });
          child.send({ url, connections, duration, headers });
        }),
    );
    last = next.catch(() => undefined);
    return next;
  };
  return { run, close: () => void child.kill('SIGTERM') };
}

/** One run in a process of its own. */
export async function httpLoad(options) {
  const loader = httpLoader();
  try {
    return await loader.run(options);
  } finally {
    loader.close();
  }
}
