/**
 * The page refetches its live data when the server says `resync`: its socket stayed connected
 * through a Redis outage, during which a change's push could not reach it (here the change is
 * made in the database, as on another process whose push was lost: SQL pushes nothing).
 */
import { browserSuite } from '../support/browser';
import { DEMO } from '../support/http';
import { demoIds, insertOrder } from '../support/order-fixtures';
import { TestRedis } from '../support/redis-server';

const env: Record<string, string> = {};
let redis: TestRedis | undefined;
// Registered before the suite's own beforeAll, which starts the app with `env`.
beforeAll(async () => {
  redis = await TestRedis.reserve();
  await redis.start();
  env.REDIS_URL = redis.url;
});
const suite = browserSuite({ env });
afterAll(async () => {
  await redis?.kill();
});

async function redisState(): Promise<string> {
  return ((await (await fetch(`${suite.app.baseUrl}/health`)).json()) as { redis: string }).redis;
}

async function until(what: string, condition: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("the customer's screen after a Redis outage", () => {
  it('shows a decision whose push was lost once Redis is back, without a reload', async () => {
    const { id: orderId } = await insertOrder(suite.app, { source: 'customer', items: [{ type: 'renewal', displayName: 'Burana 400 mg' }] });
    const page = await suite.openPage('/login');
    await page.getByLabel('Sähköposti', { exact: true }).fill(DEMO.customer.email);
    await page.getByLabel('Salasana', { exact: true }).fill(DEMO.customer.password);
    await page.getByLabel('Salasana', { exact: true }).press('Enter');
    await page.waitForURL(`${suite.app.baseUrl}/reseptit`);
    await page.getByRole('heading', { name: 'Odottaa käsittelyä' }).waitFor();
    const socketsOpened: string[] = [];
    page.on('websocket', (ws) => socketsOpened.push(ws.url()));

    await redis!.kill();
    await until('the app without Redis', async () => (await redisState()) === 'down', 15_000);
    const { doctorId } = await demoIds(suite.app);
    await suite.app.sql(`UPDATE order_item SET decision = 'approved' WHERE order_id = $1`, [orderId]);
    await suite.app.sql(
      `UPDATE orders SET delivery_status = 'delivered', doctor_id = $2, processing_start_time = now() - interval '1 minute', delivery_time = now() WHERE id = $1`,
      [orderId, doctorId],
    );
    await redis!.start();

    // Within 15 s of Redis returning, on the socket that never dropped.
    await page.getByText('Resepti uusittu').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('heading', { name: 'Odottaa käsittelyä' }).count()).toBe(0);
    expect(socketsOpened).toEqual([]);
  });
});
