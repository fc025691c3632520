import { PushSequence, SOCKET_EVENTS, type CustomerOrder, type ResyncEvent } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { insertCustomer } from '../support/customer-flow';
import { ApiClient, DEMO, loginAs } from '../support/http';
import { insertOrder, makeHetu } from '../support/order-fixtures';
import { startTcpCut, type TcpCut } from '../support/proxy';
import { TestRedis } from '../support/redis-server';
import { connectSocket, sessionInfo, type TestSocket } from '../support/socket';
import { APPROVAL } from '../support/prescribing';
import { until as waitUntil } from '../support/waiting';

/**
 * Three API processes on one PostgreSQL and a Redis of this file's own. Patients' sockets stay
 * connected on two processes while a doctor on the third decides their orders and Redis (or the
 * doctor's process's path to it) is away. Pushes cannot cross then, and a patient gets no later
 * push after 'delivered', so only a resync once the link is back can bring their screen up to
 * date: every patient must see the handled status within 15 s of that.
 */
// Three processes started one after the other and two outages: more than the default budget on a loaded machine.
jest.setTimeout(180_000);

const CONVERGED_WITHIN_MS = 15_000;

let redis: TestRedis;
let doctorsPath: TcpCut;
let a: TestApp;
let b: TestApp;
let c: TestApp;
const screens: PatientScreen[] = [];

beforeAll(async () => {
  redis = await TestRedis.reserve();
  await redis.start();
  doctorsPath = await startTcpCut(redis.port);
  a = await startApp({ env: { REDIS_URL: redis.url } });
  // The doctor's process reaches Redis through a path that can be cut for it alone.
  b = await startApp({ databaseUrl: a.databaseUrl, env: { REDIS_URL: `redis://127.0.0.1:${doctorsPath.port}` } });
  c = await startApp({ databaseUrl: a.databaseUrl, env: { REDIS_URL: redis.url } });
});
afterAll(async () => {
  for (const screen of screens) screen.socket.close();
  await c?.stop();
  await b?.stop();
  await a?.stop();
  await doctorsPath?.close();
  await redis?.kill();
});

/**
 * A patient's /reseptit as the web keeps it (useLiveQuery): fetched once, fetched again on an
 * order:updated push, on a resync, and when the push numbers show a gap; never polled, since the
 * socket stays connected. `handled`: the orders it shows as 'Tilaus käsitelty'.
 */
class PatientScreen {
  handled = new Set<number>();
  resyncs: ResyncEvent[] = [];
  private fetching = Promise.resolve();

  private constructor(
    private readonly client: ApiClient,
    readonly socket: TestSocket,
  ) {}

  static async open(app: TestApp, client: ApiClient): Promise<PatientScreen> {
    const screen = new PatientScreen(client, await connectSocket(app.baseUrl, client));
    screens.push(screen);
    const sequence = new PushSequence();
    sequence.setRooms((await sessionInfo(screen.socket)).rooms);
    screen.socket.onAny((event: string, payload: unknown, meta: unknown) => {
      const missed = sequence.missedBefore(meta);
      if (event === SOCKET_EVENTS.resync) screen.resyncs.push(payload as ResyncEvent);
      if (missed || event === SOCKET_EVENTS.orderUpdated || event === SOCKET_EVENTS.resync) screen.refetch();
    });
    screen.refetch();
    await screen.fetching;
    return screen;
  }

  private refetch(): void {
    this.fetching = this.fetching.then(async () => {
      const res = await this.client.get<CustomerOrder[]>('/my-order-history');
      if (res.status === 200) this.handled = new Set(res.body.map((order) => order.orderId));
    });
  }
}

let patients = 0;
/** A new customer signed in on `app`, with one order waiting for a doctor. */
async function patientWithOrder(app: TestApp): Promise<{ client: ApiClient; orderId: number }> {
  patients++;
  const email = `potilas${patients}@example.fi`;
  const customerId = await insertCustomer(a, { email, hetu: makeHetu(patients, 3, 1980, 100 + patients) });
  const { id: orderId } = await insertOrder(a, { source: 'customer' });
  await a.sql(`UPDATE orders SET customer_id = $1 WHERE id = $2`, [customerId, orderId]);
  const client = new ApiClient(app.apiUrl);
  const login = await client.post('/login', { email, password: DEMO.customer.password });
  if (login.status !== 200) throw new Error(`patient login: ${login.status}`);
  return { client, orderId };
}

/** The doctor on `doctor`'s process takes, approves and delivers waiting orders, `count` of them. */
async function decide(doctor: ApiClient, count: number): Promise<number[]> {
  const delivered: number[] = [];
  let order = await doctor.post<{ id: number; prescriptions: { id: number }[] }>('/order/pick-first');
  while (delivered.length < count) {
    expect(order.status).toBe(200);
    for (const item of order.body.prescriptions) {
      expect((await doctor.post(`/order/process-item/${item.id}`, { ...APPROVAL, reasonForDecision: '' })).status).toBe(200);
    }
    delivered.push(order.body.id);
    order = await doctor.post('/order/mark-delivered');
  }
  if (order.status === 200) await doctor.post('/order/release');
  return delivered;
}

async function redisState(app: TestApp): Promise<string> {
  const res = await fetch(`${app.baseUrl}/health`);
  return ((await res.json()) as { redis: string }).redis;
}

const until = (what: string, condition: () => boolean | Promise<boolean>, ms: number) => waitUntil(what, condition, { ms });

/** Patients on processes A and C, one order each. */
async function patientsOnAAndC(perProcess: number): Promise<Array<{ screen: PatientScreen; orderId: number }>> {
  const opened = [];
  for (const app of [a, c]) {
    for (let i = 0; i < perProcess; i++) {
      const { client, orderId } = await patientWithOrder(app);
      opened.push({ screen: await PatientScreen.open(app, client), orderId });
    }
  }
  return opened;
}

const stale = (patients: Array<{ screen: PatientScreen; orderId: number }>) => patients.filter(({ screen, orderId }) => !screen.handled.has(orderId));

describe('screens after a Redis outage', () => {
  it('every patient sees the handled status within 15 s of Redis returning, though their socket never dropped', async () => {
    const patients = await patientsOnAAndC(4);
    const doctor = await loginAs(b, 'doctor');

    // Decisions flow before, during and after the outage.
    const before = await decide(doctor, 2);
    await until('the first decisions on every screen', () => stale(patients).length === patients.length - before.length, 10_000);

    await redis.kill();
    await until('every process without Redis', async () => (await Promise.all([a, b, c].map(redisState))).every((s) => s === 'down'), 15_000);
    const during = await decide(doctor, 4);
    await redis.start();
    const returned = Date.now();
    await until('every process with Redis again', async () => (await Promise.all([a, b, c].map(redisState))).every((s) => s === 'up'), CONVERGED_WITHIN_MS);
    const after = await decide(doctor, 2);
    expect(new Set([...before, ...during, ...after]).size).toBe(patients.length);

    await until('every patient screen current', () => stale(patients).length === 0, CONVERGED_WITHIN_MS - (Date.now() - returned));
    // The sockets stayed up all along: a resync, not a reconnect, brought the screens up to date.
    expect(screens.every((screen) => screen.socket.connected)).toBe(true);
    expect(patients.every(({ screen }) => screen.resyncs.some((r) => r.reason === 'link-returned'))).toBe(true);
    for (const app of [a, b, c]) expect(app.output()).not.toMatch(/unhandled|MaxRetriesPerRequestError/i);
  });

  it("a process cut off from Redis alone makes the others' sockets of the rooms it pushed to resync once it is back", async () => {
    const patients = await patientsOnAAndC(2);
    const doctor = await loginAs(b, 'doctor');

    doctorsPath.cut(true);
    await until('process B without Redis', async () => (await redisState(b)) === 'down', 15_000);
    // A and C keep Redis: they never miss a push themselves, but B's cannot reach them.
    expect(await redisState(a)).toBe('up');
    const decided = await decide(doctor, patients.length);
    expect(new Set(decided).size).toBe(patients.length);
    const resyncsBefore = screens.map((screen) => screen.resyncs.length);

    doctorsPath.cut(false);
    const returned = Date.now();
    await until('every patient screen current', () => stale(patients).length === 0, CONVERGED_WITHIN_MS);
    expect(Date.now() - returned).toBeLessThan(CONVERGED_WITHIN_MS);
    expect(patients.every(({ screen }) => screen.resyncs.at(-1)?.reason === 'unpublished')).toBe(true);
    // Patients B never pushed to (the first test's) were not asked to refetch.
    const others = screens.filter((screen) => !patients.some((p) => p.screen === screen));
    expect(others.map((screen) => screen.resyncs.length)).toEqual(others.map((screen) => resyncsBefore[screens.indexOf(screen)]));
  });
});
