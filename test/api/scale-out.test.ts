import { io } from 'socket.io-client';
import { PushSequence, type NoticeUpdatedEvent, type PushMeta } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { loginAs, type ApiClient } from '../support/http';
import { CLIENT_ADDRESS_HEADER, startProxy, type TestProxy } from '../support/proxy';
import { TestRedis } from '../support/redis-server';
import { sessionInfo, type TestSocket } from '../support/socket';
import { until as waitUntil } from '../support/waiting';

/**
 * Two API processes on one PostgreSQL with a Redis of this file's own that comes and goes
 * (never the shared one): they start without it, connect when it appears, replay missed
 * pushes to a reconnecting socket, work behind a round-robin proxy, and survive Redis
 * dying in the middle of a burst of changes.
 */
// Two processes started one after the other, and a Redis outage: more than the default budget on a loaded machine.
jest.setTimeout(120_000);

let redis: TestRedis;
let a: TestApp;
let b: TestApp;
let proxy: TestProxy | undefined;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  redis = await TestRedis.reserve(); // not running yet: both processes start without it
  a = await startApp({ env: { REDIS_URL: redis.url } });
  b = await startApp({ databaseUrl: a.databaseUrl, env: { REDIS_URL: redis.url } });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await proxy?.close();
  await b?.stop();
  await a?.stop();
  await redis?.kill();
});

interface Notice {
  header: string | undefined;
  meta: PushMeta;
}

interface OpenOptions {
  transports?: ('websocket' | 'polling')[];
  /** Stands for the client's own address at the proxy (sticky routing). */
  address?: string;
}

/** A socket with the client's session; rejects when the connection is refused or dropped before it is made. */
function openSocket(baseUrl: string, client: ApiClient, options: OpenOptions = {}): Promise<TestSocket> {
  const extraHeaders: Record<string, string> = { cookie: client.cookieHeader };
  if (options.address) extraHeaders[CLIENT_ADDRESS_HEADER] = options.address;
  const socket: TestSocket = io(baseUrl, {
    path: '/socket.io',
    transports: options.transports ?? ['websocket'],
    extraHeaders,
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
    socket.once('disconnect', (reason) => reject(new Error(`dropped before connecting: ${reason}`)));
  });
}

/** Every notice:updated the socket receives, with its push numbers. */
function notices(socket: TestSocket): Notice[] {
  const seen: Notice[] = [];
  (socket.on as (e: string, l: (p: NoticeUpdatedEvent, m: PushMeta) => void) => void)('notice:updated', (payload, meta) =>
    seen.push({ header: payload.notice?.header, meta }),
  );
  return seen;
}

function setNotice(doctor: ApiClient, header: string): Promise<number> {
  return doctor
    .post('/set-pharmacy-message', { id: 1, header, additionalDetails: 'Palvelu on poissa käytöstä hetken.', status: 'published' })
    .then((res) => res.status);
}

async function health(app: TestApp): Promise<{ status: number; body: { status: string; database: string; redis: string } }> {
  const res = await fetch(`${app.baseUrl}/health`);
  return { status: res.status, body: (await res.json()) as { status: string; database: string; redis: string } };
}

const until = (what: string, condition: () => boolean | Promise<boolean>, ms = 10_000) => waitUntil(what, condition, { ms });

const headers = (seen: Notice[]) => seen.map((n) => n.header);

describe('several API processes with a Redis that comes and goes', () => {
  it('start without Redis, push to their own sockets, and connect once Redis appears', async () => {
    for (const app of [a, b]) {
      expect(await health(app)).toEqual({ status: 200, body: { status: 'degraded', database: 'up', redis: 'down' } });
    }
    const pharmacist = await loginAs(a, 'kyla');
    const seen = notices(await openSocket(a.baseUrl, pharmacist));
    expect(await setNotice(await loginAs(a, 'doctor'), 'Ilman Redisiä')).toBeLessThan(300);
    await until('the push within the process', () => headers(seen).includes('Ilman Redisiä'));

    await redis.start();
    await until('both processes connected to Redis', async () => (await health(a)).body.redis === 'up' && (await health(b)).body.redis === 'up');
    expect(await health(b)).toEqual({ status: 200, body: { status: 'ok', database: 'up', redis: 'up' } });
  });

  it('replays to a reconnecting socket, in order, the pushes made on the other process while it was away', async () => {
    const pharmacist = await loginAs(b, 'kyla');
    const socket = await openSocket(b.baseUrl, pharmacist);
    const seen = notices(socket);
    const doctor = await loginAs(a, 'doctor');
    expect(await setNotice(doctor, 'Ennen katkoa')).toBeLessThan(300);
    await until('the first push', () => seen.length === 1);

    // The connection breaks as on a network failure (not a goodbye from the client).
    const dropped = new Promise((resolve) => socket.once('disconnect', resolve));
    socket.io.engine.close();
    await dropped;
    for (const header of ['Yksi', 'Kaksi', 'Kolme']) expect(await setNotice(doctor, header)).toBeLessThan(300);

    const back = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.connect();
    await back;
    expect(socket.recovered).toBe(true);
    // Delivery is at least once: a push can come both in the replay and live; its number tells (PushSequence).
    const distinct = () => seen.filter((n, i) => seen.findIndex((m) => m.meta.ids.pharmacies === n.meta.ids.pharmacies) === i);
    await until('the three missed pushes', () => distinct().length === 4);
    expect(headers(distinct())).toEqual(['Ennen katkoa', 'Yksi', 'Kaksi', 'Kolme']);
    const ids = distinct().map((n) => n.meta.ids.pharmacies);
    expect(ids).toEqual([ids[0], ids[0] + 1, ids[0] + 2, ids[0] + 3]);
    expect(new Set(distinct().map((n) => n.meta.epoch)).size).toBe(1);
  });

  it("closes a pharmacist's socket on the other process when they log out on this one", async () => {
    // Room operations (disconnectSockets of a session's room) reach every process through the stream.
    const pharmacist = await loginAs(a, 'kyla');
    const socket = await openSocket(b.baseUrl, pharmacist);
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    expect((await pharmacist.post('/logout')).status).toBe(204);
    await closed;
  });

  it('works behind a round-robin proxy over WebSocket; long-polling needs a sticky one (ip_hash)', async () => {
    proxy = await startProxy([a.baseUrl, b.baseUrl]);
    const viaProxy = { apiUrl: `${proxy.url}/ui-api/v1` };
    const doctor = await loginAs(viaProxy, 'doctor');
    const pharmacist = await loginAs(viaProxy, 'kyla');

    // WebSocket only: one upgrade request per connection, so two connections land on both processes.
    const landed: number[] = [];
    const webSockets: TestSocket[] = [];
    for (let i = 0; i < 2; i++) {
      const before = proxy.routed.length;
      webSockets.push(await openSocket(proxy.url, pharmacist, { transports: ['websocket'] }));
      landed.push(proxy.routed[before]);
    }
    expect(new Set(landed)).toEqual(new Set([0, 1]));
    // As the web connects: WebSocket first, long-polling only as a fallback.
    webSockets.push(await openSocket(proxy.url, pharmacist, { transports: ['websocket', 'polling'] }));

    // Long-polling through round-robin: the requests after the handshake reach the other process, which does not know the session.
    await expect(openSocket(proxy.url, pharmacist, { transports: ['polling'] })).rejects.toThrow();

    // With stickiness by client address, long-polling works, on either process.
    const polling = [
      await openSocket(proxy.url, pharmacist, { transports: ['polling'], address: '192.0.2.1' }),
      await openSocket(proxy.url, pharmacist, { transports: ['polling'], address: '192.0.2.2' }),
    ];

    const seen = [...webSockets, ...polling].map(notices);
    for (const header of ['Välityspalvelimen takaa 1', 'Välityspalvelimen takaa 2']) {
      expect(await setNotice(doctor, header)).toBeLessThan(300);
    }
    await until('both pushes on every socket', () => seen.every((s) => s.length === 2));
    for (const s of seen) expect(headers(s)).toEqual(['Välityspalvelimen takaa 1', 'Välityspalvelimen takaa 2']);
  });

  it('survives Redis dying during a burst of changes on both processes, and pushes between them resume once it is back', async () => {
    const watcher = await openSocket(b.baseUrl, await loginAs(b, 'kyla'));
    const sequence = new PushSequence();
    sequence.setRooms((await sessionInfo(watcher)).rooms);
    const seen = notices(watcher);
    const onA = await loginAs(a, 'doctor');
    const onB = await loginAs(b, 'doctor2');

    const statuses: number[] = [];
    const burst = async (doctor: ApiClient, node: string) => {
      for (let i = 0; i < 15; i++) statuses.push(await setNotice(doctor, `Purske ${node} ${i}`));
    };
    const killer = (async () => {
      await until('a few changes before Redis dies', () => statuses.length >= 6);
      await redis.kill();
    })();
    await Promise.all([burst(onA, 'A'), burst(onB, 'B'), killer]);
    expect(statuses).toHaveLength(30);
    expect(statuses.filter((s) => s >= 300)).toEqual([]);

    await until('both processes see Redis down', async () => (await health(a)).body.redis === 'down' && (await health(b)).body.redis === 'down');
    for (const app of [a, b]) expect((await health(app)).status).toBe(200);
    // Read-only REST and pushes within one process go on.
    expect((await onA.get('/my-doctor-info')).status).toBe(200);
    expect(await setNotice(onB, 'Vain B')).toBeLessThan(300);
    await until('the push within process B', () => headers(seen).includes('Vain B'));
    // A logout on A cannot tell B through Redis now; B re-reads its sockets' sessions instead.
    const leaving = await loginAs(a, 'pharmacy');
    const leavingSocket = await openSocket(b.baseUrl, leaving);
    const closed = new Promise<void>((resolve) => leavingSocket.once('disconnect', () => resolve()));
    expect((await leaving.post('/logout')).status).toBe(204);
    await closed;

    await redis.start();
    const returned = Date.now();
    let round = 0;
    while (!headers(seen).some((h) => h?.startsWith('Taas A'))) {
      if (Date.now() - returned > 5000) throw new Error('no push from A reached a socket on B within 5 s of Redis returning');
      expect(await setNotice(onA, `Taas A ${round++}`)).toBeLessThan(300);
      await new Promise((r) => setTimeout(r, 200));
    }

    // The socket never dropped, so nothing could be replayed: the push numbers told it that it missed pushes.
    expect(seen.some((n) => sequence.missedBefore(n.meta))).toBe(true);
    for (const app of [a, b]) {
      expect(app.output()).not.toMatch(/unhandled|MaxRetriesPerRequestError/i);
      expect((await health(app)).status).toBe(200);
    }
    await until('both processes reconnected', async () => (await health(a)).body.redis === 'up' && (await health(b)).body.redis === 'up');
  });

  it('replays to a client whose process stopped what it missed, once it reconnects to the other one; also to a page no push had reached', async () => {
    const doctor = await loginAs(a, 'doctor');
    const pharmacist = await loginAs(a, 'kyla');
    /** A socket through the proxy on process B (round-robin: at most two tries). */
    const openOnB = async (): Promise<TestSocket> => {
      for (;;) {
        const before = proxy!.routed.length;
        const candidate = await openSocket(proxy!.url, pharmacist);
        if (proxy!.routed[before] === 1) return candidate;
        candidate.close();
      }
    };
    const socket = await openOnB();
    const seen = notices(socket);
    expect(await setNotice(doctor, 'Ennen pysähtymistä')).toBeLessThan(300);
    await until('the first push', () => seen.length === 1);
    // A page opened after it: no push has reached it before its process stops.
    const quiet = await openOnB();
    const quietSeen = notices(quiet);
    await new Promise((r) => setTimeout(r, 200));
    expect(quietSeen).toEqual([]);

    const dropped = Promise.all([socket, quiet].map((s) => new Promise<void>((resolve) => s.once('disconnect', () => resolve()))));
    const stopping = b;
    b = undefined as unknown as TestApp;
    await stopping.stop(); // SIGTERM: a graceful stop, as in a rolling deploy
    await dropped;
    for (const header of ['Yksi', 'Kaksi', 'Kolme']) expect(await setNotice(doctor, header)).toBeLessThan(300);

    // Reconnect through the proxy: the stopped process refuses, the next try reaches A.
    for (const s of [socket, quiet]) {
      for (let attempt = 0; !s.connected; attempt++) {
        if (attempt === 4) throw new Error('could not reconnect through the proxy');
        await new Promise<void>((resolve) => {
          const done = () => {
            s.off('connect', done);
            s.off('connect_error', done);
            resolve();
          };
          s.once('connect', done);
          s.once('connect_error', done);
          s.connect();
        });
      }
      expect(s.recovered).toBe(true);
    }
    await until('the three missed pushes', () => new Set(headers(seen)).size === 4 && new Set(headers(quietSeen)).size === 3);
    expect([...new Set(headers(seen))]).toEqual(['Ennen pysähtymistä', 'Yksi', 'Kaksi', 'Kolme']);
    expect([...new Set(headers(quietSeen))]).toEqual(['Yksi', 'Kaksi', 'Kolme']);
  });
});
