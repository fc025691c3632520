import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  INTEGRATOR_MESSAGES as M,
  isTemporaryHetu,
  MESSAGES,
  ORDER_STATUSES,
  PHARMACY_MESSAGES,
  type IntegratorOfficeList,
  type IntegratorOrder,
  type IntegratorOrderPage,
  type OrderStatus,
} from '@resepti/domain';
import { CatalogueService } from '../catalogue/catalogue.service.js';
import { InjectOwn, type OwnRepository } from '../platform/database/transactions.js';
import { Customer } from '../accounts/customer.entity.js';
import { OrderLifecycleService } from '../orders/order-lifecycle.service.js';
import { OrderReads } from '../orders/order-reads.service.js';
import { clientScope } from '../orders/order-scope.js';
import { toIntegratorOrder } from '../orders/order-view.js';
import type { Order } from '../orders/order.entity.js';
import { PharmacyOffice } from '../accounts/pharmacy-office.entity.js';
import { orderPatient, pharmacyOrder } from '../orders/pharmacy-order.js';
import { ApiClient } from '../api-clients/api-client.entity.js';
import { IdempotencyKeys } from './idempotency-keys.service.js';
import { FieldValidationException, fieldRefusal } from '../platform/http/validation.js';
import type { FeedPosition } from '../orders/change-feed.js';
import type { CreateIntegratorOrderDto } from './dto.js';

const PAGE_MAX = 100;

const actorOf = (client: ApiClient) => ({ role: 'integrator' as const, id: client.id, pharmacyId: client.pharmacyId, sandbox: client.sandbox });

/**
 * The cursor after a row of the feed: `2|<change_xid>|<id>`, plus the floor of a cursor of the
 * first version (`|<updated_at>|<id>`) that the client is still following, base64url.
 */
function encodeCursor(last: FeedPosition, floor: LegacyFloor | null): string {
  const text = [2, last.changeXid, last.id, ...(floor ? [floor.updatedAt.toISOString(), floor.id] : [])].join('|');
  return Buffer.from(text).toString('base64url');
}

/**
 * A sandbox order is for a test identity (a temporary number, 900–999) that is no customer's: the
 * sandbox never writes into a real patient's records, exports or access log (issue 38).
 */
async function refuseRealPatient(customers: OwnRepository<Customer>, hetu: string): Promise<void> {
  if (!isTemporaryHetu(hetu) || (await customers.repo.existsBy({ hetu }))) throw fieldRefusal(M.sandboxRealHetu, ['patient', 'hetu']);
}


/**
 * The workbench's rules (shared, answering a 400 with a message) as a refusal of one field: `make`
 * runs them, and a 400 it throws points at `base` plus what `rest` says of its message.
 */
function atField<T>(base: Array<string | number>, make: () => T, rest: (message: string) => Array<string | number>): T {
  try {
    return make();
  } catch (err) {
    if (!(err instanceof BadRequestException) || err instanceof FieldValidationException) throw err;
    throw fieldRefusal(err.message, [...base, ...rest(err.message)]);
  }
}

/** The largest PostgreSQL integer: an id beyond it is no order (and would be a database error). */
const MAX_ID = 2_147_483_647;

/**
 * A time the database can compare with: an ISO 8601 date (time optional) of the years 1–9999.
 * Date.parse alone also takes six-digit and negative years that PostgreSQL refuses.
 */
function isoTime(text: string, exact: boolean): Date | null {
  const shape = exact ? /^(\d{4})-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/ : /^(\d{4})-\d\d-\d\d(T[\d:.]+(Z|[+-]\d\d:?\d\d)?)?$/;
  const match = shape.exec(text);
  const at = new Date(text);
  if (!match || Number(match[1]) < 1 || Number.isNaN(at.getTime())) return null;
  return at;
}

/**
 * A cursor of the first version (before the feed went by commit) was `<updated_at>|<id>`: it keeps
 * working as a floor: the orders changed after that position, now by commit (with the first
 * version's guarantee at that position only), and every later cursor carries the floor along.
 */
interface LegacyFloor {
  updatedAt: Date;
  id: number;
}

const isId = (text: string | undefined) => /^\d{1,10}$/.test(text ?? '') && Number(text) <= MAX_ID;

/** The first version's `<updated_at>|<id>`, or null when the parts are not one. */
function legacyFloor(at: string | undefined, id: string | undefined): LegacyFloor | null {
  const updatedAt = isoTime(at ?? '', true);
  return updatedAt && isId(id) ? { updatedAt, id: Number(id) } : null;
}

/** A cursor of API 1.2 or earlier (deprecated: its answers say so). */
export function isFirstVersionCursor(cursor: string): boolean {
  const parts = Buffer.from(cursor, 'base64url').toString().split('|');
  return parts.length === 2 && legacyFloor(parts[0], parts[1]) !== null;
}

/** A cursor as encodeCursor (or the first version) wrote it; anything else (edited, out of range) is 400. */
function decodeCursor(cursor: string): { after: FeedPosition; floor: LegacyFloor | null } {
  const parts = Buffer.from(cursor, 'base64url').toString().split('|');
  if (parts.length === 2) {
    const floor = legacyFloor(parts[0], parts[1]);
    if (floor) return { after: { changeXid: '0', id: 0 }, floor };
  }
  const [version, xid, id, ...rest] = parts;
  const floor = rest.length === 2 ? legacyFloor(rest[0], rest[1]) : null;
  // A transaction id is a 64-bit counter far below 2^63 (PostgreSQL's bigint).
  if (version !== '2' || !/^\d{1,18}$/.test(xid ?? '') || !isId(id) || (rest.length > 0 && !floor)) throw fieldRefusal(M.cursorInvalid, ['cursor'], 'query');
  return { after: { changeXid: xid, id: Number(id) }, floor };
}

/**
 * The integrators' orders: the same rules as the pharmacy workbench (hetu with its check
 * character, renewable medicines only, handling options, deadlines and prices from libs/domain),
 * placed through the one order lifecycle; read back through the pharmacy's view (decisions only
 * once delivered), scoped to the client's pharmacy and offices.
 */
@Injectable()
export class IntegratorOrdersService {
  constructor(
    private readonly idempotencyKeys: IdempotencyKeys,
    @InjectOwn(Customer) private readonly customers: OwnRepository<Customer>,
    @InjectOwn(PharmacyOffice) private readonly pharmacyOffices: OwnRepository<PharmacyOffice>,
    private readonly catalogue: CatalogueService,
    private readonly lifecycle: OrderLifecycleService,
    private readonly orders: OrderReads,
  ) {}

  /**
   * POST /api/v1/orders. With an Idempotency-Key the key is recorded in the order's transaction:
   * a repeat (even concurrent: it waits for the first) answers the same order, another body 409.
   */
  async create(client: ApiClient, dto: CreateIntegratorOrderDto, idempotencyKey: string | undefined, now = new Date()): Promise<{ order: IntegratorOrder; replayed: boolean }> {
    this.idempotencyKeys.check(idempotencyKey);
    const requestHash = this.idempotencyKeys.hash(dto);
    if (idempotencyKey !== undefined) {
      await this.idempotencyKeys.expire(now);
      const earlier = await this.replay(client, idempotencyKey, requestHash);
      if (earlier) return { order: earlier, replayed: true };
    }
    // The key is recorded in the order's transaction: a repeat (even concurrent: it waits for the first) places nothing.
    const claimKey = async () => idempotencyKey === undefined || this.idempotencyKeys.claim(client, idempotencyKey, requestHash, 201);
    const placed = await this.lifecycle.placeOnce(actorOf(client), claimKey, async () => {
      const office = await this.office(client, dto.officeId);
      const patient = atField(['patient'], () => orderPatient(dto.patient), (message) => [message === MESSAGES.hetuInvalid ? 'hetu' : dto.patient.firstName.trim() ? 'lastName' : 'firstName']);
      if (client.sandbox) await refuseRealPatient(this.customers, patient.hetu);
      const ids = dto.items.map((i) => i.productId);
      const repeated = ids.findIndex((id, i) => ids.indexOf(id) !== i);
      if (repeated >= 0) throw fieldRefusal(PHARMACY_MESSAGES.productAlreadyInCart, ['items', repeated, 'productId']);
      const products = new Map((await this.catalogue.byIds(ids)).map((p) => [p.id, p]));
      const lines = dto.items.map((item) => ({ productId: item.productId, product: products.get(item.productId), reason: item.reason ?? '' }));
      return {
        order: {
          ...atField(['items'], () => pharmacyOrder({
          office,
          pharmacyUserId: null,
          pharmacist: client.name,
          patient,
          deliveryOption: dto.deliveryOption,
          lines,
          now,
          }), () => [lines.findIndex((line) => !line.product?.available || !line.product.renewable), 'productId']),
          sandbox: client.sandbox,
        },
        audit: { action: 'integrator.order.create' as const, patientHetu: patient.hetu, details: { clientId: client.clientId, idempotencyKey: idempotencyKey ?? null } },
        recordPlaced: async (order: Order) => {
          if (idempotencyKey !== undefined) await this.idempotencyKeys.remember(client, idempotencyKey, { orderId: order.id });
        },
      };
    });
    if (placed.kind === 'placed') {
      const order = (await this.find(client, placed.placed.id))!;
      // The answer itself, so that a repeat replays exactly it (not the order's later state).
      if (idempotencyKey !== undefined) await this.idempotencyKeys.remember(client, idempotencyKey, { orderId: order.orderId, response: order });
      return { order, replayed: false };
    }
    return { order: (await this.replay(client, idempotencyKey!, requestHash))!, replayed: true };
  }

  /**
   * The first answer to this key (409 when that request had another body). A twin that arrived
   * while the first was still being answered gets the order as it is now.
   */
  private async replay(client: ApiClient, key: string, requestHash: string): Promise<IntegratorOrder | null> {
    const earlier = await this.idempotencyKeys.earlier<IntegratorOrder>(client, key, requestHash);
    if (!earlier) return null;
    const { orderId } = earlier.body as { orderId?: number };
    return earlier.answer ?? (orderId ? this.find(client, orderId) : null);
  }

  /** GET /api/v1/orders/{id}: null (404) for another pharmacy's or office's order, and for one of the other kind (sandbox or real): the client's Scope. */
  async find(client: ApiClient, orderId: number): Promise<IntegratorOrder | null> {
    const loaded = await this.orders.one(clientScope(client), orderId);
    return loaded && toIntegratorOrder(loaded.order);
  }

  /**
   * GET /api/v1/orders: by commit of the last change, oldest first, after the cursor; only changes
   * whose transactions are final (change-feed.ts), so a cursor never passes a change that commits later.
   */
  async list(client: ApiClient, query: { status?: string; updatedSince?: string; cursor?: string; limit?: number }): Promise<IntegratorOrderPage> {
    if (query.status !== undefined && !ORDER_STATUSES.includes(query.status as OrderStatus)) throw fieldRefusal(M.statusInvalid, ['status'], 'query');
    const since = query.updatedSince !== undefined ? isoTime(query.updatedSince, false) : null;
    if (query.updatedSince !== undefined && !since) throw fieldRefusal(M.updatedSinceInvalid, ['updatedSince'], 'query');
    const limit = Math.min(PAGE_MAX, Math.max(1, query.limit ?? 50));
    const { after, floor } = query.cursor ? decodeCursor(query.cursor) : { after: { changeXid: '0', id: 0 }, floor: null };
    const { page, orders, hasMore } = await this.orders.feed(clientScope(client), { after, floor, status: (query.status as OrderStatus | undefined) ?? null, since, limit });
    return {
      data: page.flatMap((o) => (orders.has(o.id) ? [toIntegratorOrder(orders.get(o.id)!.order)] : [])),
      // After the last order of any page that has orders, a full one or not: a poller that keeps
      // it asks next time only for what changed since (a partial page's null made it re-read,
      // and re-audit, that page on every poll). Null only for an empty page: keep the cursor you have.
      nextCursor: page.length > 0 ? encodeCursor(page[page.length - 1], floor) : null,
      hasMore,
    };
  }

  /**
   * POST /api/v1/orders/{id}/items/{itemId}/check: the workbench's check of a decided item.
   * Idempotent: checking a checked item (a retry, or a twin at the same moment) answers the order.
   */
  async checkItem(client: ApiClient, orderId: number, itemId: number): Promise<IntegratorOrder> {
    const order = await this.find(client, orderId);
    const item = order?.prescriptions.find((p) => p.id === itemId);
    if (!order || !item) throw new NotFoundException(PHARMACY_MESSAGES.prescriptionNotFound);
    if (item.pharmacyChecked) return order;
    try {
      await this.lifecycle.checkItem(actorOf(client), itemId);
    } catch (err) {
      const alreadyChecked = err instanceof ConflictException && err.message === PHARMACY_MESSAGES.prescriptionAlreadyChecked;
      if (!alreadyChecked) throw err;
    }
    return (await this.find(client, orderId))!;
  }

  /** GET /api/v1/offices: the pharmacy's offices this client may order for, by name. */
  async offices(client: ApiClient): Promise<IntegratorOfficeList> {
    const offices = await this.pharmacyOffices.repo.find({ where: { pharmacyId: client.pharmacyId }, relations: { pharmacy: true }, order: { name: 'ASC', id: 'ASC' } });
    return {
      data: offices
        .filter((o) => this.mayActFor(client, o.id))
        .map((o) => ({ officeId: o.id, name: o.name, level: o.level, pharmacyName: o.pharmacy?.name ?? '' })),
    };
  }

  private mayActFor(client: ApiClient, officeId: number | null): boolean {
    return client.officeIds.length === 0 || (officeId !== null && client.officeIds.includes(officeId));
  }

  private async office(client: ApiClient, officeId: number): Promise<PharmacyOffice> {
    const office = await this.pharmacyOffices.repo.findOne({ where: { id: officeId, pharmacyId: client.pharmacyId }, relations: { pharmacy: true } });
    if (!office || !this.mayActFor(client, office.id)) throw fieldRefusal(M.officeNotAllowed, ['officeId']);
    return office;
  }
}
