/**
 * The replays of a reconnect storm (apps/api/src/realtime/stream-replay.ts) against a real Redis:
 * each page gets exactly the broadcasts of its rooms published after its offset; a storm of
 * replays reads the stream's new entries once, not once per page; a broadcast published while a
 * read runs still reaches a page that asked after it was published.
 */
import { Redis } from 'ioredis';
import { StreamReplay, type RecoverableSession } from '../../apps/api/src/realtime/stream-replay';
import { TestRedis } from '../support/redis-server';

const STREAM = 'socket.io';
let server: TestRedis;
let redis: Redis;

beforeAll(async () => {
  server = await TestRedis.reserve();
  await server.start();
  redis = new Redis(server.url);
});
afterAll(async () => {
  redis?.disconnect();
  await server?.kill();
});

/** A broadcast as the streams adapter writes it (onlyPlaintext: JSON). */
const broadcast = (rooms: string[], payload: unknown, nsp = '/') =>
  redis.xadd(STREAM, '*', 'uid', 'other-process', 'nsp', nsp, 'type', '3', 'data', JSON.stringify({ packet: { type: 2, data: ['order:updated', payload], nsp }, opts: { rooms, except: [], flags: {} } })) as Promise<string>;

const session = (pid: string, rooms: string[]): RecoverableSession => ({ sid: `sid-${pid}`, pid, rooms, data: { user: { role: 'customer', id: 1 } } });

/** The payloads a restore replays, in order. */
const payloads = (s: RecoverableSession) => (s.missedPackets ?? []).map((p) => p[1]);

it("replays each page its rooms' broadcasts after its offset, with their ids, and a session only once", async () => {
  const replay = new StreamReplay(redis, STREAM, '/', 120_000);
  const start = await broadcast(['customer:1'], 'before');
  replay.persist(session('p1', ['customer:1']));
  replay.persist(session('p2', ['customer:2']));
  await redis.xadd(STREAM, '*', 'replay-point', '1'); // a marker: no nsp, skipped
  const mine = await broadcast(['customer:1'], 'mine');
  await broadcast(['customer:2'], 'theirs');
  await broadcast([], 'everyone');
  await broadcast(['customer:1'], 'another namespace', '/admin');

  const first = await replay.restore('p1', start);
  expect(payloads(first)).toEqual(['mine', 'everyone']);
  expect(first.missedPackets![0].at(-1)).toBe(mine);
  expect(first.data).toEqual({ user: { role: 'customer', id: 1 } });
  expect(payloads(await replay.restore('p2', start))).toEqual(['theirs', 'everyone']);
  // the stored session is taken by its restore: a second try finds nothing
  await expect(replay.restore('p1', start)).rejects.toThrow('session or offset not found');
  // an offset the stream no longer holds cannot be replayed completely: refused
  replay.persist(session('p3', ['customer:1']));
  await expect(replay.restore('p3', '1-0')).rejects.toThrow('session or offset not found');
});

it('a storm of 200 replays reads the new entries a few times, not 200, and none misses what was published before it asked', async () => {
  const replay = new StreamReplay(redis, STREAM, '/', 120_000);
  const offset = await broadcast(['customer:1'], 'seen');
  for (let i = 0; i < 200; i++) replay.persist(session(`s${i}`, [`customer:${i}`]));
  for (let i = 0; i < 200; i++) await broadcast([`customer:${i}`], `missed ${i}`);

  // counts the reads of the stream's tail (the offsets' own one-entry checks are per page)
  const reads: string[] = [];
  const xrange = redis.xrange;
  redis.xrange = ((...args: Parameters<Redis['xrange']>) => {
    if (args[2] === '+') reads.push(String(args[1]));
    return xrange.apply(redis, args);
  }) as Redis['xrange'];
  try {
    const restored = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        // a broadcast published while the storm runs, before this page asks: it must be in its replay
        if (i === 100) await broadcast(['customer:100'], 'late');
        return replay.restore(`s${i}`, offset);
      }),
    );
    restored.forEach((s, i) => expect(payloads(s)).toEqual(i === 100 ? [`missed ${i}`, 'late'] : [`missed ${i}`]));
  } finally {
    redis.xrange = xrange;
  }
  expect(reads.length).toBeGreaterThan(0);
  expect(reads.length).toBeLessThanOrEqual(4);
});
