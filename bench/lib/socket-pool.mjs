// Parent side of bench/workers/sockets.mjs: N forked load processes sharing the sockets.
import { fork } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './infra.mjs';

const WORKER = path.join(ROOT, 'bench/workers/sockets.mjs');

export class SocketPool {
  constructor(workers) {
    this.workers = Array.from({ length: workers }, () => {
      const child = fork(WORKER, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      const w = { child, sockets: 0, done: new Map(), waiters: [] };
      child.on('message', (m) => {
        if (m.type === 'done') w.done.set(m.key, m);
        for (const waiter of w.waiters.splice(0)) waiter(m);
      });
      return w;
    });
  }

  get size() {
    return this.workers.reduce((n, w) => n + w.sockets, 0);
  }

  next(w, type) {
    return new Promise((resolve) => {
      const check = (m) => (m.type === type ? resolve(m) : w.waiters.push(check));
      w.waiters.push(check);
    });
  }

  /** Opens `count` more sockets spread over the workers; throws if any is refused. */
  async open({ count, ...options }) {
    const per = Math.ceil(count / this.workers.length);
    const results = await Promise.all(
      this.workers.map((w, i) => {
        const n = Math.max(0, Math.min(per, count - i * per));
        const answer = this.next(w, 'opened');
        w.child.send({ cmd: 'open', count: n, ...options });
        return answer.then((m) => {
          w.sockets = m.ok;
          return m;
        });
      }),
    );
    const failed = results.reduce((n, r) => n + r.failed, 0);
    if (failed) throw new Error(`${failed} of ${count} sockets refused: ${results.find((r) => r.firstError)?.firstError}`);
  }

  /**
   * The arrival times (epoch ms) of change `key` at every socket, once all have it or after
   * `timeoutMs` (then `missing` counts the sockets without it). `requests`, `heldEvents`: HTTP
   * requests made and doctor:held events received so far.
   */
  async arrivals(key, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    const active = this.workers.filter((w) => w.sockets > 0);
    const msgs = await Promise.all(
      active.map(async (w) => {
        while (!w.done.has(key)) {
          const left = deadline - Date.now();
          if (left <= 0) {
            const answer = this.next(w, 'done');
            w.child.send({ cmd: 'collect', key });
            await answer;
            continue;
          }
          await Promise.race([this.next(w, 'done'), new Promise((r) => setTimeout(r, Math.min(left, 1000)))]);
        }
        const m = w.done.get(key);
        w.done.delete(key);
        return m;
      }),
    );
    const times = msgs.flatMap((m) => m.times);
    return { times, missing: this.size - times.length, requests: msgs.reduce((n, m) => n + m.requests, 0), heldEvents: msgs.reduce((n, m) => n + (m.heldEvents ?? 0), 0) };
  }

  async close() {
    await Promise.all(
      this.workers.map((w) => {
        const answer = this.next(w, 'closed');
        w.child.send({ cmd: 'close' });
        w.sockets = 0;
        w.done.clear();
        return answer;
      }),
    );
  }

  kill() {
    for (const w of this.workers) w.child.kill('SIGTERM');
  }
}
