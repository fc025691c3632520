import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type EntityManager, type Repository } from 'typeorm';
import {
  CUSTOMER_CHAT_LIMITS,
  CUSTOMER_MESSAGES,
  couponDiscountCents,
  formatEuro,
  isTopicId,
  itemPriceCents,
  replayQuestionnaire,
  TOPICS,
  topicsForSex,
  type CustomerCart,
  type CustomerCartItem as CartItemView,
  type NumberedChatEntry,
  type TopicId,
} from '@resepti/domain';
import { productDisplayName } from '../catalogue/catalogue.service.js';
import { Product } from '../catalogue/product.entity.js';
import { EventBus } from '../platform/events/event-bus.js';
import { Coupon } from '../orders/coupon.entity.js';
import { CustomerCartCoupon } from './customer-cart-coupon.entity.js';
import { CustomerCartItem } from './customer-cart-item.entity.js';
import { Customer } from '../accounts/customer.entity.js';
import type { CheckoutItem } from './checkout-item.js';
import type { AddCustomerCartItemDto } from './dto/customer-cart.dto.js';

/** What a checkout charges for (CustomerCartService.checkout). */
export interface CartCheckout {
  cart: CustomerCart;
  items: CheckoutItem[];
  couponId: number | null;
}

/**
 * The customer's cart (SPEC section 7, Customer): chosen renewals and new-prescription requests,
 * kept in a table (never in the session) until payment turns them into an order. The server
 * re-checks what it can: the medicine is renewable, the topic is offered to the customer's sex,
 * and a numbered chat follows the questionnaire to a step that allows ordering. The customer's row
 * is the cart's lock: changes, checkouts and payments of one cart happen one at a time, and every
 * change moves the cart's version and is told ('customer-cart.changed', in its transaction: the
 * open checkout of the old cart ends, or a payment being taken refuses the change).
 */
@Injectable()
export class CustomerCartService {
  constructor(
    @InjectRepository(CustomerCartItem) private readonly items: Repository<CustomerCartItem>,
    private readonly bus: EventBus,
  ) {}

  /** The customer's row, locked until the transaction ends: the cart's one-at-a-time lock. */
  async lockCart(m: EntityManager, customerId: number): Promise<Customer> {
    const customer = await m.findOne(Customer, { where: { id: customerId }, lock: { mode: 'pessimistic_write' } });
    if (!customer) throw new NotFoundException();
    return customer;
  }

  /** A paid checkout's items and code leave the cart (in the payment's transaction, the cart locked). */
  async takePaid(m: EntityManager, customerId: number, cartItemIds: number[], couponId: number | null): Promise<void> {
    await m.delete(CustomerCartItem, { customerId, id: In(cartItemIds) });
    if (couponId !== null) await m.delete(CustomerCartCoupon, { customerId, couponId });
    await m.increment(Customer, { id: customerId }, 'cartVersion', 1);
  }

  /** A code that ran out meanwhile leaves the cart, so the next checkout shows the full price. */
  async dropCoupon(m: EntityManager, customerId: number, couponId: number): Promise<void> {
    await m.delete(CustomerCartCoupon, { customerId, couponId });
    await m.increment(Customer, { id: customerId }, 'cartVersion', 1);
  }

  /**
   * A closing account's cart empties and its open checkout ends, in the closing's transaction with
   * the cart locked (a payment being taken refuses it: 409).
   */
  async discard(m: EntityManager, customerId: number): Promise<void> {
    await this.bus.emit(m, 'customer-cart.changed', { customerId });
    await m.delete(CustomerCartItem, { customerId });
    await m.delete(CustomerCartCoupon, { customerId });
    await m.increment(Customer, { id: customerId }, 'cartVersion', 1);
  }

  /** Runs a change of the cart under its lock, tells it (listeners may refuse it: 409), and moves its version. */
  private async changeCart<T>(customerId: number, work: (m: EntityManager, customer: Customer) => Promise<T>): Promise<T> {
    return this.items.manager.transaction(async (m) => {
      const customer = await this.lockCart(m, customerId);
      await this.bus.emit(m, 'customer-cart.changed', { customerId });
      const done = await work(m, customer);
      await m.increment(Customer, { id: customerId }, 'cartVersion', 1);
      return done;
    });
  }

  async cart(customerId: number, m: EntityManager = this.items.manager): Promise<CustomerCart> {
    return (await this.load(customerId, m)).cart;
  }

  /**
   * What a checkout charges for: the cart as shown, each item as it will be ordered, and the
   * coupon that gives the discount (400 when the cart is empty).
   */
  async checkout(customerId: number, m: EntityManager = this.items.manager): Promise<CartCheckout> {
    const { cart, items, couponId } = await this.load(customerId, m);
    if (items.length === 0) throw new BadRequestException(CUSTOMER_MESSAGES.cartEmpty);
    return {
      cart,
      couponId,
      items: items.map((item, i) => {
        const { id: cartItemId, ...shown } = cart.items[i];
        return { ...shown, cartItemId, chat: item.chat, chatVerified: item.chatVerified };
      }),
    };
  }

  private async load(customerId: number, m: EntityManager): Promise<{ cart: CustomerCart; items: CustomerCartItem[]; couponId: number | null }> {
    const items = await m.getRepository(CustomerCartItem).find({ where: { customerId }, relations: { product: true }, order: { id: 'ASC' } });
    const views = items.map(toView);
    const fullPrice = views.reduce((sum, i) => sum + i.priceCents, 0);
    const applied = await m.getRepository(CustomerCartCoupon).findOne({ where: { customerId }, relations: { coupon: true } });
    const coupon = applied?.coupon && isUsableBy(applied.coupon, customerId, new Date()) ? applied.coupon : null;
    const discount = coupon ? couponDiscountCents(fullPrice, coupon) : 0;
    const totalPrice = fullPrice - discount;
    const cart: CustomerCart = {
      items: views,
      totalPrice,
      priceEuro: formatEuro(totalPrice),
      coupon: coupon && {
        code: coupon.code,
        discountEuro: formatEuro(discount),
        discountPercentage: coupon.percentOff,
        discountAmountCents: discount,
      },
    };
    return { cart, items, couponId: coupon?.id ?? null };
  }

  /** POST /my-shopping-cart/apply-coupon: 400 'Kampanjakoodia ei löytynyt' for an unknown, used, expired or another customer's code. */
  async applyCoupon(customerId: number, rawCode: string): Promise<CustomerCart> {
    const code = rawCode.trim().toUpperCase();
    return this.changeCart(customerId, async (m) => {
      const coupon = code ? await m.getRepository(Coupon).findOneBy({ code }) : null;
      if (!coupon || !isUsableBy(coupon, customerId, new Date())) throw new BadRequestException(CUSTOMER_MESSAGES.couponNotFound);
      await m.getRepository(CustomerCartCoupon).upsert({ customerId, couponId: coupon.id }, ['customerId']);
      return this.cart(customerId, m);
    });
  }

  async unapplyCoupon(customerId: number): Promise<CustomerCart> {
    return this.changeCart(customerId, async (m) => {
      await m.getRepository(CustomerCartCoupon).delete({ customerId });
      return this.cart(customerId, m);
    });
  }

  async add(customerId: number, dto: AddCustomerCartItemDto): Promise<CustomerCart> {
    return this.changeCart(customerId, async (m, customer) => {
      if ((await m.getRepository(CustomerCartItem).countBy({ customerId })) >= CUSTOMER_CHAT_LIMITS.maxCartItems) {
        throw new BadRequestException(CUSTOMER_MESSAGES.cartFull);
      }
      const item = dto.type === 'renewal' ? await this.renewal(m, customerId, dto) : this.request(customer, dto);
      await m.getRepository(CustomerCartItem).insert(item);
      return this.cart(customerId, m);
    });
  }

  async remove(customerId: number, itemId: number): Promise<CustomerCart> {
    return this.changeCart(customerId, async (m) => {
      const { affected } = await m.getRepository(CustomerCartItem).delete({ id: itemId, customerId });
      if (!affected) throw new NotFoundException(CUSTOMER_MESSAGES.cartItemNotFound);
      return this.cart(customerId, m);
    });
  }

  private async renewal(m: EntityManager, customerId: number, dto: AddCustomerCartItemDto): Promise<Partial<CustomerCartItem>> {
    if (typeof dto.productId !== 'number') throw new BadRequestException(CUSTOMER_MESSAGES.medicineNotFound); // absent or null
    const product = await m.getRepository(Product).findOneBy({ id: dto.productId });
    if (!product?.available) throw new BadRequestException(CUSTOMER_MESSAGES.medicineNotFound);
    if (!product.renewable) throw new BadRequestException(CUSTOMER_MESSAGES.notRenewable);
    // SPEC section 4: the patient gives the doctor a reason for a renewal.
    const reason = (dto.reason ?? '').trim();
    if (!reason) throw new BadRequestException(CUSTOMER_MESSAGES.renewalReasonRequired);
    if (await m.getRepository(CustomerCartItem).existsBy({ customerId, productId: product.id })) throw new ConflictException(CUSTOMER_MESSAGES.alreadyInCart);
    return { customerId, type: 'renewal', productId: product.id, reason, chat: null, chatVerified: false };
  }

  private request(customer: Customer, dto: AddCustomerCartItemDto): Partial<CustomerCartItem> {
    const topic = dto.medicalProblem;
    if (!isTopicId(topic) || !topicsForSex(customer.sex).some((t) => t.id === topic)) throw new BadRequestException(CUSTOMER_MESSAGES.topicNotOffered);
    const chat = parseChat(dto.chat);
    const replay = replayQuestionnaire(topic, chat, customer.sex);
    if (replay === 'invalid') throw new BadRequestException(CUSTOMER_MESSAGES.chatInvalid);
    if (replay === 'rejected') throw new BadRequestException(CUSTOMER_MESSAGES.questionnaireRejected);
    return {
      customerId: customer.id,
      type: 'prescription',
      medicalProblem: topic,
      reason: '',
      chat: chat.map((e) => ({ text: e.text, type: e.type })),
      chatVerified: replay === 'accepted',
    };
  }
}

/** The chat as sent: a bounded list of {text, type, step?}, or JSON text of one (400 otherwise). */
function parseChat(raw: unknown): NumberedChatEntry[] {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      throw new BadRequestException(CUSTOMER_MESSAGES.chatInvalid);
    }
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > CUSTOMER_CHAT_LIMITS.maxItems) throw new BadRequestException(CUSTOMER_MESSAGES.chatInvalid);
  return value.map((entry: unknown) => {
    const e = entry as { text?: unknown; type?: unknown; step?: unknown } | null;
    const valid =
      !!e &&
      typeof e === 'object' &&
      typeof e.text === 'string' &&
      e.text.length <= CUSTOMER_CHAT_LIMITS.maxTextLength &&
      (e.type === 'question' || e.type === 'answer') &&
      (e.step === undefined || (Number.isInteger(e.step) && (e.step as number) > 0 && (e.step as number) < 1000)) &&
      Object.keys(e).every((k) => k === 'text' || k === 'type' || k === 'step');
    if (!valid) throw new BadRequestException(CUSTOMER_MESSAGES.chatInvalid);
    return { text: e.text as string, type: e.type as 'question' | 'answer', ...(e.step === undefined ? {} : { step: e.step as number }) };
  });
}

/**
 * Whether the customer may use the coupon now: a customer's own coupon (from a doctor) only by
 * them and once; a campaign code by anyone, within its time and uses.
 */
function isUsableBy(coupon: Coupon, customerId: number, now: Date): boolean {
  if (coupon.customerId !== null && coupon.customerId !== customerId) return false;
  if (coupon.usedAt) return false;
  if (coupon.validUntil && coupon.validUntil <= now) return false;
  return coupon.maxUses === null || coupon.uses < coupon.maxUses;
}

function topicName(topic: TopicId): string {
  return TOPICS.find((t) => t.id === topic)?.name ?? topic;
}

function toView(item: CustomerCartItem): CartItemView {
  return {
    id: item.id,
    type: item.type,
    productId: item.productId,
    displayName: item.product ? productDisplayName(item.product) : topicName(item.medicalProblem!),
    format: item.product?.form ?? '',
    reason: item.reason,
    medicalProblem: item.medicalProblem,
    priceCents: itemPriceCents(item.type),
  };
}
