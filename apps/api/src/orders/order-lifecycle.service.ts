import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityNotFoundError, type EntityManager } from 'typeorm';
import {
  DOCTOR_MESSAGES,
  INTEGRATOR_MESSAGES,
  MESSAGES,
  PHARMACY_MESSAGES,
  helsinkiIsoDate,
  isRejected,
  renewableTill,
  sandboxDecision,
  type Decision,
  type DoctorOrder,
  type DoctorPrescription,
  type OrderStatus,
  type QueueStatus,
} from '@resepti/domain';
import { AuditService, type AuditActor, type AuditEntry } from '../platform/audit/audit.service.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { retryOnConflict } from '../platform/database/errors.js';
import { ambientManager, Transactions } from '../platform/database/transactions.js';
import { EventBus } from '../platform/events/event-bus.js';
import { CouponsService } from './coupons.service.js';
import type { NewOrder } from './new-order.js';
import type { OrderChange } from './order-change.js';
import { OrderItem } from './order-item.entity.js';
import { OrderQueueService, queueStatusSql, toQueueStatus, type QueueStatusRow } from './order-queue.service.js';
import { changedThenHeldOrPicked, decideItemRow, deliverIfDecided, heldOrPicked, insertOrderRows, lockDoctor, lockDueSandboxOrder, lockOrderRow, type HeldOrPicked, type Prescription } from './lifecycle-statements.js';
import { doctorViewOf, loadChangedOrder, type LoadedOrder } from './order-loads.js';
import { toDoctorPrescription } from './order-view.js';
import { Order } from './order.entity.js';

/** What a caller of `place` prepares: the order, its audit entry, and where to record the new order's id. */
export interface Placement {
  order: NewOrder;
  audit: Omit<AuditEntry, 'orderId'>;
  recordPlaced?: (order: Order) => Promise<void>;
}

export interface PickResult {
  order: DoctorOrder | null;
  /** True when a waiting order was taken now (false: the held order, or nothing waits). */
  picked: boolean;
}

/** Who acts for the sandbox's simulated doctor in the audit log (no doctor's row: sandbox orders never have one). */
const SANDBOX_DOCTOR: AuditActor = { role: 'sandbox', id: null };

/** The changes that move an order into, within or out of the doctors' queue (its counts change). */
const QUEUE_MOVES: ReadonlySet<OrderChange['kind']> = new Set(['placed', 'picked', 'released', 'delivered']);

/** The queue counts a change that moves the queue reads with its order (loadChanged). */
const QUEUE_COUNTS = { name: 'queue-counts', sql: queueStatusSql() };

const STATUS = { waiting: 'waiting', processing: 'processing', delivered: 'delivered' } as const satisfies Record<OrderStatus, OrderStatus>;

/**
 * The one lifecycle of an order: placed (waiting) → picked by a doctor (processing) ⇄ released
 * (waiting); items decided; delivered; items checked off by the pharmacy. Every change runs in one
 * transaction with its audit rows and tells one OrderChange through the event door: the outboxes
 * write in the transaction, the realtime layer pushes after the commit. Nothing else writes orders.
 */
@Injectable()
export class OrderLifecycleService {
  /** Orders read by loadChanged, with the queue counts read with them (null: the change does not move the queue). */
  private readonly countsAtChange = new WeakMap<Order, QueueStatus | null>();

  constructor(
    private readonly queue: OrderQueueService,
    private readonly coupons: CouponsService,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
    private readonly transactions: Transactions,
  ) {}

  /**
   * Places a waiting order. `prepare` runs first in the same transaction (the caller's own checks
   * and writes, e.g. emptying the cart it came from) and returns the order to place; the audit
   * entry is written with it; `recordPlaced`, when given, then records the new order's id where the
   * caller needs it (e.g. on the paid checkout), still in the transaction. Returns what `prepare`
   * returned with the new order. When `prepare` returns null nothing is placed: its own writes
   * (e.g. a refused payment's record) commit, and nothing is published.
   */
  async place<T extends Placement>(actor: AuditActor, prepare: () => Promise<T>): Promise<T & { placed: Order }>;
  async place<T extends Placement>(actor: AuditActor, prepare: () => Promise<T | null>): Promise<(T & { placed: Order }) | null>;
  async place<T extends Placement>(actor: AuditActor, prepare: () => Promise<T | null>): Promise<(T & { placed: Order }) | null> {
    return this.change(async (m) => {
      const prepared = await prepare();
      if (!prepared) return { result: null };
      const placed = await this.insertOrder(m, prepared.order);
      await prepared.recordPlaced?.(placed);
      await this.audit.record(actor, { ...prepared.audit, orderId: placed.id }, m);
      return { result: { ...prepared, placed }, change: { kind: 'placed', order: placed } };
    });
  }

  /**
   * Places an order at most once per key: `claimKey` records the key inside the order's
   * transaction (an event id, an Idempotency-Key) and answers false when it was recorded before —
   * then nothing is placed ('repeat'). A concurrent twin waits on the key's row until the first
   * commits, then sees it. `prepare` may decline (null): its own writes commit, nothing is placed.
   */
  async placeOnce<T extends Placement>(
    actor: AuditActor,
    claimKey: () => Promise<boolean>,
    prepare: () => Promise<T | null>,
  ): Promise<{ kind: 'placed'; placed: Order; prepared: T } | { kind: 'repeat' } | { kind: 'declined' }> {
    let repeat = false;
    const done = await this.place(actor, async () => {
      if (!(await claimKey())) {
        repeat = true;
        return null;
      }
      return prepare();
    });
    if (done) return { kind: 'placed', placed: done.placed, prepared: done };
    return repeat ? { kind: 'repeat' } : { kind: 'declined' };
  }

  /**
   * Makes the waiting order with the earliest deadline this doctor's current order. A doctor
   * holds at most one order: when one is held already, that one is returned (an audited read).
   */
  async pickFirst(actor: SessionUser): Promise<PickResult> {
    return this.change(async (m) => {
      await lockDoctor(m, actor.id);
      return this.pickAnswer(m, actor, await heldOrPicked(m, actor.id));
    });
  }

  /** A pick's answer and change: the held order (an audited read), or the picked one (a change), or nothing. */
  private async pickAnswer(m: EntityManager, actor: SessionUser, { held, picked }: HeldOrPicked): Promise<{ result: PickResult; change?: OrderChange }> {
    if (held !== null) return { result: { order: await this.queue.readHeld(actor, held), picked: false } };
    if (picked === null) return { result: { order: null, picked: false } };
    const loaded = await this.loadChanged(m, picked, 'picked');
    await this.audit.record(actor, { action: 'order:pick', orderId: picked, patientHetu: loaded.order.patientHetu }, m);
    return {
      result: { order: doctorViewOf(loaded), picked: true },
      change: { kind: 'picked', order: loaded.order, doctorHeld: { doctorId: actor.id, pickedOrder: picked } },
    };
  }

  /** The doctor's current order goes back to the queue (its decisions so far are kept). */
  async release(actor: SessionUser): Promise<void> {
    await this.change(async (m) => {
      const held = await this.queue.heldOrderId(actor.id, true);
      if (held === null) throw new ConflictException(DOCTOR_MESSAGES.noCurrentOrder);
      return { result: undefined, change: await this.backToQueue(m, actor, held, actor.id) };
    });
  }

  /** Any doctor may release a processing order, e.g. one stuck with another doctor. */
  async releaseOne(actor: SessionUser, orderId: number): Promise<void> {
    await this.change(async (m) => {
      const order = await m.findOne(Order, { where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order || order.sandbox) throw new NotFoundException(DOCTOR_MESSAGES.orderNotFound);
      if (order.deliveryStatus !== STATUS.processing) throw new ConflictException(DOCTOR_MESSAGES.orderNotProcessing);
      return { result: undefined, change: await this.backToQueue(m, actor, orderId, order.doctorId) };
    });
  }

  /**
   * Decides one item of the doctor's current order. 'undecided' undoes the decision (reason
   * emptied, coupon removed); rejecting needs a non-blank reason; 'rejected-with-coupon'
   * gives the customer a single-use coupon worth the item's price (customer orders only). An
   * approval writes what it prescribes (`prescription`, resolved by Prescribing); any other decision clears it.
   */
  async decideItem(actor: SessionUser, itemId: number, decision: Decision, reasonForDecision: string | undefined, prescription: Prescription | null = null): Promise<DoctorPrescription> {
    const reason = (reasonForDecision ?? '').trim();
    const undo = decision === 'undecided';
    const reasonGiven = !isRejected(decision) || reason !== '';
    const prescribed = decision === 'approved' ? prescription : null;
    return this.change(async (m) => {
      const found = await decideItemRow(m, { itemId, doctorId: actor.id, decision, reason: undo ? '' : reason, decisionTime: undo ? null : new Date(), reasonGiven, prescription: prescribed });
      if (!found) throw new NotFoundException(DOCTOR_MESSAGES.itemNotFound);
      const { target, changed: loaded } = found;
      if (target.status !== STATUS.processing || target.doctorId !== actor.id) throw new ForbiddenException(DOCTOR_MESSAGES.itemNotInCurrentOrder);
      if (!reasonGiven) throw new BadRequestException(MESSAGES.reasonMandatory);
      if (decision === 'rejected-with-coupon' && (target.source !== 'customer' || !target.customerId)) {
        throw new BadRequestException(DOCTOR_MESSAGES.couponOnlyForCustomers);
      }
      if (!loaded) throw new Error(`item ${itemId}: the decision was not written though every check passed`);
      const couponCode =
        decision === 'rejected-with-coupon'
          ? await this.coupons.ensureForItem({ orderItemId: itemId, customerId: target.customerId!, amountCents: target.priceCents })
          : null;
      await this.audit.record(actor, { action: `order-item:${decision}`, orderId: target.orderId, patientHetu: target.patientHetu }, m);
      const changed = this.changedOrder(loaded, null).order; // a decision does not move the queue
      return {
        result: toDoctorPrescription(changed.items.find((i) => i.id === itemId)!, couponCode),
        change: { kind: 'decided', order: changed, itemId, decision },
      };
    });
  }

  /**
   * Delivers the doctor's current order and picks the next waiting one, in one transaction (one
   * audit append, one commit; published as one burst): the delivery is refused (409) while an item
   * is undecided, and nothing changes. Approved renewals become renewable until delivery + 2 years
   * (a customer order's SMS is written by the notifications' listener in the same transaction).
   */
  async deliverAndPickNext(actor: SessionUser): Promise<{ delivered: DoctorOrder; next: DoctorOrder | null }> {
    // Two orders' statuses change, so two of the connection's queue-count stripes (one per
    // handling option) are locked up front in one order (lockDoctor's withQueueStripes), not in the
    // order the trigger meets them; a deadlock that can remain (a stripe's first row, another
    // doctor releasing this order at that moment) is run again: nothing of it was committed.
    return this.bus.together(() =>
      retryOnConflict(() => this.change(async (m) => {
        await lockDoctor(m, actor.id, { withQueueStripes: true });
        const heldId = await this.queue.heldOrderId(actor.id, true);
        if (heldId === null) throw new ConflictException(DOCTOR_MESSAGES.noCurrentOrder);
        if (!(await this.markDelivered(m, heldId, new Date()))) throw new ConflictException(DOCTOR_MESSAGES.undecidedItems);
        // The delivered order read as loadChanged reads it, and the next one picked, in one statement.
        const after = await changedThenHeldOrPicked<QueueStatusRow>(m, heldId, actor.id, QUEUE_COUNTS);
        const delivered = this.changedOrder(after.changed, toQueueStatus(after.changed.extra!));
        await this.audit.record(actor, { action: 'order:deliver', orderId: heldId, patientHetu: delivered.order.patientHetu }, m);
        // Told first: the order went out of the doctor's hands before the next came in.
        await this.tell(m, { kind: 'delivered', order: delivered.order, doctorHeld: { doctorId: actor.id, pickedOrder: null } });
        const next = await this.pickAnswer(m, actor, after.next);
        return { result: { delivered: doctorViewOf(delivered), next: next.result.order }, change: next.change };
      })),
    );
  }

  /**
   * The sandbox's simulated doctor, one step of one order: the oldest sandbox order whose step is
   * due (`stepSeconds` after it was placed, or after it was picked) is picked (processing, as a
   * doctor's pick), or, when processing already, has every item decided by sandboxDecision and is
   * delivered. Each step is one change, audited and published as a doctor's is, so the integrator
   * gets order.processing and then order.delivered. The row lock (SKIP LOCKED) and the status read
   * under it make each step happen once however many API processes poll; whatever is due after a
   * restart is done by the next poll. Returns the order's id, or null when nothing was due.
   */
  async decideSandboxOrder(stepSeconds: number): Promise<number | null> {
    return this.change<number | null>(async (m) => {
      const due = await lockDueSandboxOrder(m, stepSeconds);
      if (!due) return { result: null };
      const order = await m.findOneByOrFail(Order, { id: due.id });
      if (due.status === STATUS.waiting) {
        await m.update(Order, { id: due.id }, { deliveryStatus: STATUS.processing, processingStartTime: () => 'now()' });
        await this.audit.record(SANDBOX_DOCTOR, { action: 'order:pick', orderId: due.id, patientHetu: order.patientHetu }, m);
        return { result: due.id, change: { kind: 'picked', order: (await this.loadChanged(m, due.id, 'picked')).order } };
      }
      const now = new Date();
      const items = await m.find(OrderItem, { where: { orderId: due.id }, order: { id: 'ASC' } });
      const audited: AuditEntry[] = [];
      for (const item of items) {
        const decided = sandboxDecision(item.reason);
        await m.update(OrderItem, { id: item.id }, { ...decided, decisionTime: now });
        audited.push({ action: `order-item:${decided.decision}`, orderId: due.id, patientHetu: order.patientHetu });
      }
      await this.markDelivered(m, due.id, now);
      await this.audit.record(SANDBOX_DOCTOR, [...audited, { action: 'order:deliver', orderId: due.id, patientHetu: order.patientHetu }], m);
      return { result: due.id, change: { kind: 'delivered', order: (await this.loadChanged(m, due.id, 'delivered')).order } };
    });
  }

  /**
   * A sandbox client's trigger (POST /api/v1/sandbox/triggers): the simulated doctor picks the
   * client's waiting sandbox order, or puts its processing one back in the queue, now, as one
   * change like its own steps. 404 unless a sandbox order `isClients`; 409 from another status.
   */
  async sandboxMove(orderId: number, move: 'pick' | 'release', isClients: (order: Order) => boolean): Promise<void> {
    await this.change(async (m) => {
      const order = await m.findOne(Order, { where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order?.sandbox || !isClients(order)) throw new NotFoundException(INTEGRATOR_MESSAGES.orderNotFound);
      if (order.deliveryStatus !== (move === 'pick' ? STATUS.waiting : STATUS.processing)) throw new ConflictException(INTEGRATOR_MESSAGES.sandboxTriggerState);
      const kind = move === 'pick' ? 'picked' : 'released';
      await m.update(Order, { id: orderId }, move === 'pick' ? { deliveryStatus: STATUS.processing, processingStartTime: () => 'now()' } : { deliveryStatus: STATUS.waiting, processingStartTime: null });
      await this.audit.record(SANDBOX_DOCTOR, { action: move === 'pick' ? 'order:pick' : 'order:release', orderId, patientHetu: order.patientHetu }, m);
      return { result: undefined, change: { kind, order: (await this.loadChanged(m, orderId, kind)).order } };
    });
  }

  /**
   * The pharmacy's trash on a decided card: marks one prescription of the user's own pharmacy as
   * checked, so it leaves Reseptilista (it stays in Historia). 404 for another pharmacy's (or a
   * missing) prescription, and for a sandbox order's unless a sandbox client asks; 409 when
   * undecided or already checked.
   */
  async checkItem(actor: AuditActor & { pharmacyId?: number; sandbox?: boolean }, itemId: number): Promise<Order> {
    return this.change(async (m) => {
      const item = await m
        .getRepository(OrderItem)
        .createQueryBuilder('i')
        .innerJoinAndSelect('i.order', 'o')
        .where('i.id = :itemId', { itemId })
        // the order's row too: see loadChanged
        .setLock('pessimistic_write', undefined, ['i', 'o'])
        .getOne();
      if (!item?.order || item.order.source !== 'pharmacy' || item.order.pharmacyId !== actor.pharmacyId || item.order.sandbox !== (actor.sandbox ?? false)) {
        throw new NotFoundException(PHARMACY_MESSAGES.prescriptionNotFound);
      }
      if (item.order.deliveryStatus !== STATUS.delivered || item.decision === 'undecided') {
        throw new ConflictException(PHARMACY_MESSAGES.prescriptionUndecided);
      }
      if (item.pharmacyChecked) throw new ConflictException(PHARMACY_MESSAGES.prescriptionAlreadyChecked);
      await m.update(OrderItem, { id: item.id }, { pharmacyChecked: true });
      await this.audit.record(actor, { action: 'pharmacy.order-item.check', orderId: item.orderId, patientHetu: item.order.patientHetu }, m);
      const order = (await this.loadChanged(m, item.orderId, 'checked')).order;
      return { result: order, change: { kind: 'checked', order, itemId } };
    });
  }

  /**
   * Runs one change in a transaction and tells it through the event door ('order.changed'): its
   * in-transaction listeners (the outboxes) write now, its after-commit listeners (realtime) hear
   * it only once the transaction has committed. The change's order must have been read by
   * loadChanged (or a statement that did its work, see changedOrder), which moved its updated_at
   * and read the queue counts with it.
   */
  private async change<R>(work: (m: EntityManager) => Promise<{ result: R; change?: OrderChange }>): Promise<R> {
    // The caller's transaction if any (a key's claim commits with its change; no request waits
    // for a second pooled connection), its manager ambient for the callers' steps (prepare,
    // claimKey, recordPlaced). A caller going on after a refusal gets it before any write.
    return this.transactions.run(async () => {
      const m = ambientManager()!;
      const done = await work(m);
      if (done.change) await this.tell(m, done.change);
      return done.result;
    });
  }

  /** Tells a change through the event door, in its transaction, with the queue counts its order was read with. */
  private async tell(m: EntityManager, change: OrderChange): Promise<void> {
    const counts = this.countsAtChange.get(change.order);
    if (counts === undefined) throw new Error(`order ${change.order.id}: a change's order is read by loadChanged`);
    if (counts && !change.order.sandbox) change.queueStatus = counts;
    await this.bus.emit(m, 'order.changed', change);
  }

  /**
   * Delivered now, unless an item is undecided (false): approved renewals become renewable until
   * delivery + 2 years, and each approved item of a real order gets its e-prescription to record
   * (the outbox's row; its worker wakes once this commits).
   */
  private async markDelivered(m: EntityManager, orderId: number, now: Date): Promise<boolean> {
    const { delivered, prescriptions } = await deliverIfDecided(m, orderId, now, helsinkiIsoDate(renewableTill(now)));
    if (prescriptions > 0) await this.bus.emit(m, 'outbox.written', { channel: 'e-prescription' });
    return delivered;
  }

  /**
   * An approved item's e-prescription changed (recorded in the Prescription Centre, refused by it,
   * sent again by a doctor): its writer has updated e_prescription in the transaction the calling
   * code runs in, which this change joins (so the outbox's record of a try and the change commit
   * together); audited as `audit` with the order's patient, published as 'e-prescription'.
   */
  async ePrescriptionChanged(actor: AuditActor, orderId: number, itemId: number, audit: Omit<AuditEntry, 'orderId' | 'patientHetu'>): Promise<void> {
    await this.transactions.run(async () => {
      const m = ambientManager()!;
      await lockOrderRow(m, orderId); // see loadChanged
      const { order } = await this.loadChanged(m, orderId, 'e-prescription');
      await this.audit.record(actor, { ...audit, orderId, patientHetu: order.patientHetu }, m);
      await this.tell(m, { kind: 'e-prescription', order, itemId });
    });
  }

  private async backToQueue(m: EntityManager, actor: SessionUser, orderId: number, holder: number | null): Promise<OrderChange> {
    await m.update(Order, { id: orderId }, { deliveryStatus: STATUS.waiting, doctorId: null, processingStartTime: null });
    const order = (await this.loadChanged(m, orderId, 'released')).order;
    await this.audit.record(actor, { action: 'order:release', orderId, patientHetu: order.patientHetu }, m);
    return { kind: 'released', order, ...(holder !== null ? { doctorHeld: { doctorId: holder, pickedOrder: null } } : {}) };
  }

  /** Inserts the order (waiting) and its items (insertOrderRows) and returns the order with its items as stored. */
  private async insertOrder(m: EntityManager, input: NewOrder): Promise<Order> {
    return (await this.loadChanged(m, await insertOrderRows(m, input), 'placed')).order;
  }

  /**
   * The last read of a change: the order as the change left it, with its items, doctor and coupons
   * (the event's entities and the doctor's view), its updated_at moved (integrators list changes by
   * it), and the queue counts when the change moves the queue, all in one statement. The counts
   * include the change's own writes; they are striped, so a change committed meanwhile on another
   * stripe may be missing, which the realtime listener's one read after a burst puts right.
   *
   * Its caller holds the order's row lock already (a statement before this one took it). This
   * statement's snapshot is taken as it starts: were it the one to wait for the lock, it would
   * read the items as they were before the change it waited for (a delivered order's card
   * published without the pharmacy's check that committed a moment earlier, e.g.).
   */
  private async loadChanged(m: EntityManager, id: number, kind: OrderChange['kind']): Promise<LoadedOrder> {
    const loaded = await loadChangedOrder<QueueStatusRow>(m, id, QUEUE_MOVES.has(kind) ? QUEUE_COUNTS : null);
    if (!loaded) throw new EntityNotFoundError(Order, { id });
    return this.changedOrder(loaded, loaded.extra && toQueueStatus(loaded.extra));
  }

  /** Marks an order read as its change left it (updated_at moved), with the queue counts read with it: what tell() needs. */
  private changedOrder(loaded: LoadedOrder, counts: QueueStatus | null): LoadedOrder {
    this.countsAtChange.set(loaded.order, counts);
    return loaded;
  }
}
