/**
 * Rules that bite (issue 40): the layers as facts, not spelling. The folder graph has no cycle,
 * SQL names only its own module's tables (test/support/table-ownership.ts, checked on the tree by
 * architecture.test.ts), and `npm run lint`'s dependency rules
 * (.dependency-cruiser.cjs: no role imports a role, platform/ imports no feature, sockets only in
 * realtime/, ...) hold. Each rule is proved by planting its violation in a temporary copy of the
 * sources, and a harmless new file passes.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { folderGraph } from '../support/architecture-facts';
import { foreignTableSql, KNOWN_FOREIGN_SQL, readSources } from '../support/table-ownership';

const ROOT = path.resolve(__dirname, '../..');
const API = path.join(ROOT, 'apps/api/src');
const WEB = path.join(ROOT, 'apps/web/src');

it('has no folder cycle in apps/api/src or apps/web/src, and at most 12 imports running back up', () => {
  const api = folderGraph(API);
  expect(api.cycles).toEqual([]);
  expect(folderGraph(WEB).cycles).toEqual([]);
  expect(api.backUpImports.length).toBeLessThanOrEqual(12);
});


describe('planted violations', () => {
  let copy: string;
  const plant = (rel: string, text: string) => writeFileSync(path.join(copy, rel), text);
  const lint = (): string => {
    try {
      execFileSync(path.join(ROOT, 'node_modules/.bin/depcruise'), ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', 'apps/api/src', 'apps/web/src'], { cwd: copy, encoding: 'utf8', stdio: 'pipe' });
      return '';
    } catch (err) {
      return String((err as { stdout?: string }).stdout);
    }
  };

  beforeAll(() => {
    copy = mkdtempSync(path.join(tmpdir(), 'resepti-architecture-'));
    for (const dir of ['apps/api/src', 'apps/web/src']) cpSync(path.join(ROOT, dir), path.join(copy, dir), { recursive: true });
    for (const file of ['.dependency-cruiser.cjs', 'tsconfig.json', 'package.json']) cpSync(path.join(ROOT, file), path.join(copy, file));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('passes the sources as they are, and a harmless new file', () => {
    plant('apps/api/src/orders/order-note.ts', "import { EventBus } from '../platform/events/event-bus.js';\nimport { Order } from './order.entity.js';\nexport const noteParts = [EventBus, Order];\n");
    plant('apps/web/src/pharmacy/OrderNote.tsx', "import { api } from '../api/client';\nexport const orderNoteApi = api;\n");
    expect(lint()).toBe('');
    expect(folderGraph(path.join(copy, 'apps/api/src')).cycles).toEqual([]);
    expect(foreignTableSql(readSources(path.join(copy, 'apps/api/src')))).toEqual([...KNOWN_FOREIGN_SQL]);
  });

  it('fails on a role importing a role, a socket push outside realtime/, and platform/ importing a feature', () => {
    plant('apps/api/src/pharmacy/doctor-peek.ts', "import { DoctorService } from '../doctor/doctor.service.js';\nexport const peek = DoctorService;\n");
    plant('apps/api/src/customer/push-direct.ts', "import { Server } from 'socket.io';\nexport const push = (io: Server) => io.emit('order', {});\n");
    plant('apps/api/src/platform/http/feature-peek.ts', "import { OrdersModule } from '../../orders/orders.module.js';\nexport const peek = OrdersModule;\n");
    plant('apps/web/src/customer/DoctorPeek.tsx', "import { DoctorQueuePage } from '../doctor/DoctorQueuePage';\nexport const Peek = DoctorQueuePage;\n");
    const report = lint();
    expect(report).toMatch(/role-imports-no-role: apps\/api\/src\/pharmacy\/doctor-peek\.ts → apps\/api\/src\/doctor\/doctor\.service\.ts/);
    expect(report).toMatch(/sockets-only-in-realtime: apps\/api\/src\/customer\/push-direct\.ts/);
    expect(report).toMatch(/platform-imports-no-feature: apps\/api\/src\/platform\/http\/feature-peek\.ts/);
    expect(report).toMatch(/web-role-imports-no-role: apps\/web\/src\/customer\/DoctorPeek\.tsx/);
    expect(report).not.toMatch(/order-note|OrderNote/);
  });

  it('fails on SQL that updates orders outside orders/', () => {
    plant('apps/api/src/pharmacy/quick-fix.ts', "export const QUICK_FIX = 'UPDATE orders SET delivery_status = $1 WHERE id = $2';\n");
    expect(foreignTableSql(readSources(path.join(copy, 'apps/api/src')))).toContain('pharmacy/quick-fix.ts: orders (owned by orders/)');
  });

  it('fails on a folder cycle', () => {
    plant('apps/api/src/catalogue/back-up.ts', "import { CustomerModule } from '../customer/customer.module.js';\nexport const up = CustomerModule;\n");
    expect(folderGraph(path.join(copy, 'apps/api/src')).cycles.flat()).toEqual(expect.arrayContaining(['catalogue', 'customer']));
  });
});
