// HTTP load from a separate process (bench/workers/http-load.mjs, autocannon).
import { fork } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './infra.mjs';

export function httpLoad({ url, connections = 10, duration = 10, headers = {} }) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(ROOT, 'bench/workers/http-load.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => {
      child.kill('SIGTERM');
      resolve(m);
    });
    child.once('exit', (code) => code && reject(new Error(`autocannon exited with ${code}`)));
    child.send({ url, connections, duration, headers });
  });
}
