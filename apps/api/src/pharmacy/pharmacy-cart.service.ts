import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import {
  DELIVERY_OPTIONS,
  MESSAGES,
  PHARMACY_CART_MAX_ITEMS,
  PHARMACY_MESSAGES,
  handlingPriceCents,
  normalizeHetu,
  validateHetu,
  type DeliveryOptionDto,
  type DeliveryOptionId,
  type Patient,
  type PharmacyCart as PharmacyCartDto,
  type PharmacySendResult,
} from '@resepti/domain';
import { AuditService } from '../platform/audit/audit.service.js';
import { EventBus } from '../platform/events/event-bus.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { CatalogueService, productDisplayName } from '../catalogue/catalogue.service.js';
import { OrderLifecycleService } from '../orders/order-lifecycle.service.js';
import { PharmacyCartItem } from './pharmacy-cart-item.entity.js';
import { PharmacyCart } from './pharmacy-cart.entity.js';
import { joinOwnOfficeAndPharmacy, joinPharmacyUser } from '../accounts/account-sql.js';
import { joinProduct } from '../catalogue/product-sql.js';
import { PharmacyOfficeService } from './pharmacy-office.service.js';
import { pharmacyOrder, type OrderedProduct, type PharmacyOrderLine } from '../orders/pharmacy-order.js';
import type { PharmacyOffice } from '../accounts/pharmacy-office.entity.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';

/** A cart emptied with its patient forgotten (after a send or a clear), as view() would read it. */
const emptiedCart = (): PharmacyCartDto => ({ items: [], deliveryOptionId: null, patient: null, totalPriceCents: 0 });

export function deliveryOptions(): DeliveryOptionDto[] {
  return DELIVERY_OPTIONS.map((o) => ({ id: o.id, label: o.label, description: o.description, firstItemCents: o.firstItemCents, nextItemCents: o.nextItemCents }));
}

/**
 * The pharmacist's order in the making: the patient, the medicines and the handling option, one
 * record per pharmacy user in the database (never split between a login session and a table, so
 * two sessions of one user can never pair one patient with another's medicines), and sending it
 * to the doctors' queue. Calls that act for a patient may name the hetu the screen shows: when the
 * cart's patient is another one (changed in another session), they answer 409 and change nothing.
 * Every change is pushed to the user's other sessions as `cart:updated`.
 */
@Injectable()
export class PharmacyCartService {
  constructor(
    @InjectOwn(PharmacyCart) private readonly carts: OwnRepository<PharmacyCart>,
    @InjectOwn(PharmacyCartItem) private readonly items: OwnRepository<PharmacyCartItem>,
    private readonly transactions: Transactions,
    private readonly catalogue: CatalogueService,
    private readonly lifecycle: OrderLifecycleService,
    private readonly offices: PharmacyOfficeService,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
  ) {}

  /**
   * Validates the patient (full hetu rule, check character included), makes them the cart's
   * patient and audits the entry. Another patient than the cart's current one starts an empty
   * order, so medicines are never sent under the next patient's hetu; the same patient again
   * (e.g. a corrected name) keeps them.
   */
  async setPatient(user: SessionUser, input: Patient, officeId?: number): Promise<Patient> {
    const hetu = normalizeHetu(input.hetu);
    if (validateHetu(hetu)) throw new BadRequestException(MESSAGES.hetuInvalid);
    const patient: Patient = { firstName: input.firstName.trim(), lastName: input.lastName.trim(), hetu };
    await this.transactions.run(async () => {
      const current = await this.lockCart(user.id);
      if (current.patientHetu !== hetu) await this.emptyCart(user.id);
      await this.carts.repo.update(
        { pharmacyUserId: user.id },
        { patientHetu: hetu, patientFirstName: patient.firstName, patientLastName: patient.lastName },
      );
      await this.audit.record(user, { action: 'pharmacy.patient.set', patientHetu: hetu, details: officeDetails(officeId) });
      await this.changed(user.id);
    });
    return patient;
  }

  async cart(user: SessionUser, officeId?: number): Promise<PharmacyCartDto> {
    return this.transactions.run(async () => {
      const cart = await this.view(user.id);
      if (cart.patient) await this.audit.record(user, { action: 'pharmacy.cart.read', patientHetu: cart.patient.hetu, details: officeDetails(officeId) });
      return cart;
    });
  }

  /** The cart as it is after a change, told to every session of the user once the change commits. */
  private async changed(pharmacyUserId: number, cart?: PharmacyCartDto): Promise<PharmacyCartDto> {
    cart ??= await this.view(pharmacyUserId);
    await this.bus.tell('pharmacy-cart.changed', { pharmacyUserId, cart });
    return cart;
  }

  /** The cart as the API shows it. */
  private async view(pharmacyUserId: number): Promise<PharmacyCartDto> {
    const items = await this.items.repo.find({
      where: { pharmacyUserId },
      relations: { product: true },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const cart = await this.carts.repo.findOneBy({ pharmacyUserId });
    const deliveryOptionId = cart?.deliveryOptionId ?? null;
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
      patient: cartPatient(cart),
      totalPriceCents: deliveryOptionId ? handlingPriceCents(deliveryOptionId, items.length) : 0,
    };
  }

  async addItem(user: SessionUser, input: { productId: number; reason?: string; patientHetu?: string }): Promise<PharmacyCartDto> {
    return this.transactions.run(async () => {
      requirePatient(await this.lockCart(user.id), input.patientHetu);
      const product = await this.catalogue.findAvailable(input.productId);
      if (!product) throw new BadRequestException(PHARMACY_MESSAGES.productNotFound);
      if (!product.renewable) throw new BadRequestException(PHARMACY_MESSAGES.productNotRenewable);
      const repo = this.items.repo;
      if (await repo.existsBy({ pharmacyUserId: user.id, productId: product.id })) {
        throw new ConflictException(PHARMACY_MESSAGES.productAlreadyInCart);
      }
      if ((await repo.countBy({ pharmacyUserId: user.id })) >= PHARMACY_CART_MAX_ITEMS) {
        throw new BadRequestException(PHARMACY_MESSAGES.cartFull);
      }
      await repo.insert({ pharmacyUserId: user.id, type: 'renewal', productId: product.id, reason: input.reason ?? '' });
      return this.changed(user.id);
    });
  }

  async setDeliveryOption(user: SessionUser, input: { id: DeliveryOptionId; patientHetu?: string }): Promise<PharmacyCartDto> {
    return this.transactions.run(async () => {
      requirePatient(await this.lockCart(user.id), input.patientHetu);
      await this.carts.repo.update({ pharmacyUserId: user.id }, { deliveryOptionId: input.id });
      return this.changed(user.id);
    });
  }

  /** Cancels the order in the making: medicines, option and patient are forgotten. */
  async clear(user: SessionUser): Promise<void> {
    await this.transactions.run(async () => {
      await this.lockCart(user.id);
      await this.emptyCart(user.id, { forgetPatient: true });
      await this.changed(user.id, emptiedCart());
    });
  }

  /** Removes the medicines and the option (and the patient, `forgetPatient`), in one statement. */
  private async emptyCart(pharmacyUserId: number, { forgetPatient = false } = {}): Promise<void> {
    // Prepared (a send runs it before the order is placed, and every doctor's screen waits for the send).
    await this.carts.prepared(
      forgetPatient ? 'pharmacy-cart-empty-all' : 'pharmacy-cart-empty',
      `WITH removed AS (DELETE FROM pharmacy_cart_item WHERE pharmacy_user_id = $1)
       UPDATE pharmacy_cart SET delivery_option_id = NULL${forgetPatient ? ', patient_hetu = NULL, patient_first_name = NULL, patient_last_name = NULL' : ''}
        WHERE pharmacy_user_id = $1`,
      [pharmacyUserId],
    );
  }

  /**
   * Creates one waiting order from the cart in one transaction and empties the cart.
   * Needs a selected office, a patient, at least one medicine and a handling option
   * (400 with a Finnish message otherwise; nothing is created), and the patient the screen
   * shows when it names one (409 otherwise). The doctors' queue counts and the office's order
   * list are pushed after the commit.
   */
  async send(user: SessionUser, input: { officeId: number | undefined; patientHetu?: string }, now: Date = new Date()): Promise<PharmacySendResult> {
    // The order is placed through the order lifecycle, in one transaction with emptying the cart.
    const sent = await this.lifecycle.place(user, async () => {
      const cart = await lockCartToSend(this.carts, user.id, input.officeId);
      if (!cart) {
        await this.offices.requireOffice(user, input.officeId); // no cart row: the office's 400 comes first, as below
        throw new BadRequestException(PHARMACY_MESSAGES.patientMissing);
      }
      if (!cart.office) throw new BadRequestException(PHARMACY_MESSAGES.officeNotSelected);
      const patient = requirePatient(cart, input.patientHetu);
      const items = await itemsToSend(this.carts, user.id);
      if (items.length > 0 && !cart.deliveryOptionId) throw new BadRequestException(PHARMACY_MESSAGES.deliveryOptionMissing);
      const order = pharmacyOrder({
        office: cart.office,
        pharmacyUserId: user.id,
        pharmacist: cart.pharmacist,
        patient,
        deliveryOption: cart.deliveryOptionId!,
        lines: items,
        now,
      });
      await this.emptyCart(user.id, { forgetPatient: true });
      await this.changed(user.id, emptiedCart());
      return { order, audit: { action: 'pharmacy.order.send' as const, patientHetu: patient.hetu } };
    });
    return { orderId: sent.placed.id, deliveryBeforeTime: sent.order.deliveryBeforeTime.toISOString(), priceCents: sent.order.priceCents };
  }

  /** Serialises changes to one pharmacist's cart (creates the cart row on first use) and returns it. */
  private async lockCart(pharmacyUserId: number): Promise<PharmacyCart> {
    const carts = this.carts.repo;
    const cart = await carts.findOne({ where: { pharmacyUserId }, lock: { mode: 'pessimistic_write' } });
    if (cart) return cart;
    await this.carts.query('INSERT INTO pharmacy_cart (pharmacy_user_id) VALUES ($1) ON CONFLICT DO NOTHING', [pharmacyUserId]);
    return carts.findOneOrFail({ where: { pharmacyUserId }, lock: { mode: 'pessimistic_write' } });
  }
}

/** The cart as a send reads it: its row locked, with the pharmacist's name and the office when it is the user's. */
interface CartToSend extends Pick<PharmacyCart, 'patientHetu' | 'patientFirstName' | 'patientLastName' | 'deliveryOptionId'> {
  pharmacist: string;
  office: Pick<PharmacyOffice, 'id' | 'pharmacyId' | 'pharmacy'> | null;
}

/**
 * A send's first statement (hand-written: a send is what every doctor's screen waits for): the
 * cart's row locked, so a second send of the same cart (another tab) waits and then finds it
 * emptied, with what the order names: the pharmacist and the office (null when `officeId` is not
 * one of the user's). Null when the user has no cart row.
 */
async function lockCartToSend(carts: OwnRepository<PharmacyCart>, pharmacyUserId: number, officeId: number | undefined): Promise<CartToSend | null> {
  const [row] = await carts.prepared<CartToSend & { officeId: number | null; pharmacyId: number; pharmacyName: string; pharmacyPhone: string }>(
    'pharmacy-cart-lock-to-send',
    `SELECT c.patient_hetu AS "patientHetu", c.patient_first_name AS "patientFirstName", c.patient_last_name AS "patientLastName",
            c.delivery_option_id AS "deliveryOptionId", u.first_name || ' ' || u.last_name AS pharmacist,
            o.id AS "officeId", o.pharmacy_id AS "pharmacyId", p.name AS "pharmacyName", p.phone AS "pharmacyPhone"
       FROM pharmacy_cart c
       ${joinPharmacyUser('u', 'c.pharmacy_user_id')}
       ${joinOwnOfficeAndPharmacy('o', 'p', '$2', 'c.pharmacy_user_id')}
      WHERE c.pharmacy_user_id = $1
        FOR UPDATE OF c`,
    [pharmacyUserId, officeId ?? null],
  );
  if (!row) return null;
  const { officeId: id, pharmacyId, pharmacyName, pharmacyPhone, ...cart } = row;
  return { ...cart, office: id === null ? null : { id, pharmacyId, pharmacy: { id: pharmacyId, name: pharmacyName, phone: pharmacyPhone } } };
}

/** The cart's medicines in the order they were added, each with its catalogue row (a statement of its own: read after the cart's lock). */
async function itemsToSend(carts: OwnRepository<PharmacyCart>, pharmacyUserId: number): Promise<PharmacyOrderLine[]> {
  return carts.prepared<{ productId: number; reason: string; product: OrderedProduct | null }>(
    'pharmacy-cart-items-to-send',
    `SELECT i.product_id AS "productId", i.reason,
            CASE WHEN p.id IS NULL THEN NULL
                 ELSE json_build_object('id', p.id, 'name', p.name, 'strength', p.strength, 'form', p.form, 'available', p.available, 'renewable', p.renewable) END AS product
       FROM pharmacy_cart_item i ${joinProduct('p', 'i.product_id')}
      WHERE i.pharmacy_user_id = $1
      ORDER BY i.created_at, i.id`,
    [pharmacyUserId],
  );
}

function cartPatient(cart: Pick<PharmacyCart, 'patientHetu' | 'patientFirstName' | 'patientLastName'> | null): Patient | null {
  if (!cart?.patientHetu) return null;
  return { firstName: cart.patientFirstName ?? '', lastName: cart.patientLastName ?? '', hetu: cart.patientHetu };
}

/**
 * The cart's patient: 400 without one; 409 when the caller names another hetu than the cart holds
 * (the patient was changed in another session of the same user after this screen was drawn).
 */
function requirePatient(cart: Pick<PharmacyCart, 'patientHetu' | 'patientFirstName' | 'patientLastName'>, expectedHetu: string | undefined): Patient {
  const patient = cartPatient(cart);
  if (!patient) throw new BadRequestException(PHARMACY_MESSAGES.patientMissing);
  if (expectedHetu !== undefined && normalizeHetu(expectedHetu) !== patient.hetu) {
    throw new ConflictException(PHARMACY_MESSAGES.patientChanged);
  }
  return patient;
}

/** The office the user works at, in a patient read's audit row: the patient's access log names it. */
function officeDetails(officeId: number | undefined): Record<string, unknown> | undefined {
  return officeId === undefined ? undefined : { officeId };
}
