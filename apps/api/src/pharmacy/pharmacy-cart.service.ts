import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  DELIVERY_OPTIONS,
  MESSAGES,
  PHARMACY_CART_MAX_ITEMS,
  PHARMACY_MESSAGES,
  handlingPriceCents,
  normalizeHetu,
  pharmacyDeadline,
  validateHetu,
  type DeliveryOptionDto,
  type DeliveryOptionId,
  type Patient,
  type PharmacyCart as PharmacyCartDto,
  type PharmacySendResult,
} from '@resepti/domain';
import { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/session-user.js';
import { CatalogueService, productDisplayName } from '../catalogue/catalogue.service.js';
import { OrdersService } from '../orders/orders.service.js';
import { RealtimePublisher } from '../realtime/realtime.publisher.js';
import { PharmacyCartItem } from './pharmacy-cart-item.entity.js';
import { PharmacyCart } from './pharmacy-cart.entity.js';
import { PharmacyOfficeService } from './pharmacy-office.service.js';
import { PharmacyUser } from './pharmacy-user.entity.js';

/** What the cart needs from the pharmacist's session. */
export interface PharmacySessionState {
  officeId?: number;
  patient?: Patient;
}

export function deliveryOptions(): DeliveryOptionDto[] {
  return DELIVERY_OPTIONS.map((o) => ({ id: o.id, label: o.label, description: o.description, firstItemCents: o.firstItemCents, nextItemCents: o.nextItemCents }));
}

/**
 * The pharmacist's order in the making: the patient (in the session), the medicines and the
 * handling option (in the database, per pharmacy user), and sending it to the doctors' queue.
 */
@Injectable()
export class PharmacyCartService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly catalogue: CatalogueService,
    private readonly orders: OrdersService,
    private readonly offices: PharmacyOfficeService,
    private readonly audit: AuditService,
    private readonly publisher: RealtimePublisher,
  ) {}

  /**
   * Validates the patient (full hetu rule, check character included) and audits the entry.
   * Another patient than the session's current one starts an empty order: medicines left in
   * the cart (kept per user, so they outlive a logout or an expired session) must never be
   * sent under the next patient's hetu. The same patient again (e.g. a corrected name) keeps them.
   */
  async setPatient(user: SessionUser, session: PharmacySessionState, input: Patient): Promise<Patient> {
    const hetu = normalizeHetu(input.hetu);
    if (validateHetu(hetu)) throw new BadRequestException(MESSAGES.hetuInvalid);
    const patient: Patient = { firstName: input.firstName.trim(), lastName: input.lastName.trim(), hetu };
    if (session.patient?.hetu !== hetu) await this.clear(user);
    await this.audit.record(user, { action: 'pharmacy.patient.set', patientHetu: hetu });
    return patient;
  }

  async cart(user: SessionUser, session: PharmacySessionState, manager: EntityManager = this.db.manager): Promise<PharmacyCartDto> {
    const items = await manager.getRepository(PharmacyCartItem).find({
      where: { pharmacyUserId: user.id },
      relations: { product: true },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const cart = await manager.getRepository(PharmacyCart).findOneBy({ pharmacyUserId: user.id });
    const deliveryOptionId = cart?.deliveryOptionId ?? null;
    const patient = session.patient ?? null;
    if (patient) await this.audit.record(user, { action: 'pharmacy.cart.read', patientHetu: patient.hetu }, manager);
    return {
      items: items.map((item) => ({
        id: item.id,
        type: item.type,
        productId: item.productId,
        displayName: item.product ? productDisplayName(item.product) : '',
        format: item.product?.form ?? '',
        reason: item.reason,
      })),
      deliveryOptionId,
      patient,
      totalPriceCents: deliveryOptionId ? handlingPriceCents(deliveryOptionId, items.length) : 0,
    };
  }

  async addItem(user: SessionUser, session: PharmacySessionState, input: { productId: number; reason?: string }): Promise<PharmacyCartDto> {
    return this.db.transaction(async (m) => {
      await this.lockCart(m, user.id);
      const product = await this.catalogue.findAvailable(input.productId, m);
      if (!product) throw new BadRequestException(PHARMACY_MESSAGES.productNotFound);
      if (!product.renewable) throw new BadRequestException(PHARMACY_MESSAGES.productNotRenewable);
      const repo = m.getRepository(PharmacyCartItem);
      if (await repo.existsBy({ pharmacyUserId: user.id, productId: product.id })) {
        throw new ConflictException(PHARMACY_MESSAGES.productAlreadyInCart);
      }
      if ((await repo.countBy({ pharmacyUserId: user.id })) >= PHARMACY_CART_MAX_ITEMS) {
        throw new BadRequestException(PHARMACY_MESSAGES.cartFull);
      }
      await repo.insert({ pharmacyUserId: user.id, type: 'renewal', productId: product.id, reason: input.reason ?? '' });
      return this.cart(user, session, m);
    });
  }

  async setDeliveryOption(user: SessionUser, session: PharmacySessionState, id: DeliveryOptionId): Promise<PharmacyCartDto> {
    await this.db.getRepository(PharmacyCart).upsert({ pharmacyUserId: user.id, deliveryOptionId: id }, ['pharmacyUserId']);
    return this.cart(user, session);
  }

  /** Empties the medicines and the option (the caller also forgets the patient). */
  async clear(user: SessionUser): Promise<void> {
    await this.db.transaction(async (m) => {
      await this.lockCart(m, user.id);
      await this.emptyCart(m, user.id);
    });
  }

  private async emptyCart(m: EntityManager, pharmacyUserId: number): Promise<void> {
    await m.getRepository(PharmacyCartItem).delete({ pharmacyUserId });
    await m.getRepository(PharmacyCart).update({ pharmacyUserId }, { deliveryOptionId: null });
  }

  /**
   * Creates one waiting order from the cart in one transaction and empties the cart.
   * Needs a selected office, a patient, at least one medicine and a handling option
   * (400 with a Finnish message otherwise; nothing is created). The doctors' queue
   * counts and the office's order list are pushed after the commit.
   */
  async send(user: SessionUser, session: PharmacySessionState, now: Date = new Date()): Promise<PharmacySendResult> {
    const result = await this.db.transaction(async (m) => {
      await this.lockCart(m, user.id);
      const office = await this.offices.requireOffice(user, session.officeId, m);
      const patient = session.patient;
      if (!patient) throw new BadRequestException(PHARMACY_MESSAGES.patientMissing);
      const items = await m.getRepository(PharmacyCartItem).find({
        where: { pharmacyUserId: user.id },
        relations: { product: true },
        order: { createdAt: 'ASC', id: 'ASC' },
      });
      if (items.length === 0) throw new BadRequestException(PHARMACY_MESSAGES.cartEmpty);
      const cart = await m.getRepository(PharmacyCart).findOneBy({ pharmacyUserId: user.id });
      const optionId = cart?.deliveryOptionId;
      if (!optionId) throw new BadRequestException(PHARMACY_MESSAGES.deliveryOptionMissing);
      for (const item of items) {
        if (!item.product?.available) throw new BadRequestException(`${PHARMACY_MESSAGES.productNotFound}: ${item.product ? productDisplayName(item.product) : item.productId}`);
        if (!item.product.renewable) throw new BadRequestException(PHARMACY_MESSAGES.productNotRenewable);
      }
      const pharmacist = await m.getRepository(PharmacyUser).findOneByOrFail({ id: user.id });
      const deadline = pharmacyDeadline(optionId, now);
      const priceCents = handlingPriceCents(optionId, items.length);
      const order = await this.orders.createOrder(m, {
        source: 'pharmacy',
        pharmacyId: office.pharmacyId,
        officeId: office.id,
        pharmacyUserId: user.id,
        pharmacyData: {
          pharmacy: office.pharmacy?.name ?? '',
          pharmacyPhone: office.pharmacy?.phone ?? '',
          pharmacist: `${pharmacist.firstName} ${pharmacist.lastName}`,
        },
        patient,
        deliveryOptionId: optionId,
        deliveryBeforeTime: deadline,
        priceCents,
        items: items.map((item) => ({
          type: 'renewal',
          productId: item.productId,
          displayName: productDisplayName(item.product!),
          format: item.product!.form,
          reason: item.reason,
          // The pharmacy pays the handling fee on the order; the medicines themselves are not charged here.
          priceCents: 0,
        })),
      });
      await this.audit.record(user, { action: 'pharmacy.order.send', orderId: order.id, patientHetu: patient.hetu }, m);
      await this.emptyCart(m, user.id);
      return { orderId: order.id, deliveryBeforeTime: deadline.toISOString(), priceCents };
    });
    await this.orders.publishQueueStatus();
    this.publisher.orderUpdated({ pharmacyId: user.pharmacyId }, { orderId: result.orderId, deliveryStatus: 'waiting' });
    return result;
  }

  /** Serialises changes to one pharmacist's cart (creates the cart row on first use). */
  private async lockCart(m: EntityManager, pharmacyUserId: number): Promise<void> {
    await m.query('INSERT INTO pharmacy_cart (pharmacy_user_id) VALUES ($1) ON CONFLICT DO NOTHING', [pharmacyUserId]);
    await m.query('SELECT 1 FROM pharmacy_cart WHERE pharmacy_user_id = $1 FOR UPDATE', [pharmacyUserId]);
  }
}
