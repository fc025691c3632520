import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
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
import { lockedCustomerSql, movedCartVersionSql } from '../accounts/account-sql.js';
import { productDisplayName } from '../catalogue/catalogue.service.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import { EventBus } from '../platform/events/event-bus.js';
import { CouponsService } from '../orders/coupons.service.js';
import { addCheck, addToCart, readCart, takePaidItems, type AddCheck, type CartCoupon, type CartItemRow } from './cart-statements.js';
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

/** The largest id PostgreSQL's int holds (the DTO has checked that productId is an integer). */
const INT_MAX = 2_147_483_647;

/** A new cart item as the service builds it (renewal or request). */
type NewCartItem = Pick<CustomerCartItem, 'customerId' | 'type' | 'productId' | 'medicalProblem' | 'reason' | 'chat' | 'chatVerified'>;

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
    @InjectOwn(CustomerCartItem) private readonly items: OwnRepository<CustomerCartItem>,
    @InjectOwn(CustomerCartCoupon) private readonly cartCoupons: OwnRepository<CustomerCartCoupon>,
    @InjectOwn(Customer) private readonly customers: OwnRepository<Customer>,
    private readonly coupons: CouponsService,
    private readonly transactions: Transactions,
    private readonly bus: EventBus,
  ) {}

  /** The customer's row, locked until the (ambient) transaction ends: the cart's one-at-a-time lock. */
  async lockCart(customerId: number): Promise<Customer> {
    // By hand (every step of a payment takes it): the ORM's locking find cost more than the statement.
    const [row] = await this.customers.prepared<Customer>('cart-lock', lockedCustomerSql('$1'), [customerId]);
    if (!row) throw new NotFoundException();
    return Object.assign(new Customer(), row);
  }

  /** A paid checkout's items and code leave the cart (in the payment's transaction, the cart locked). */
  async takePaid(customerId: number, cartItemIds: number[], couponId: number | null): Promise<void> {
    await takePaidItems(this.items, customerId, cartItemIds, couponId);
  }

  /** A code that ran out meanwhile leaves the cart, so the next checkout shows the full price. */
  async dropCoupon(customerId: number, couponId: number): Promise<void> {
    await this.cartCoupons.repo.delete({ customerId, couponId });
    await this.customers.repo.increment({ id: customerId }, 'cartVersion', 1);
  }

  /**
   * A closing account's cart empties and its open checkout ends, in the closing's transaction with
   * the cart locked (a payment being taken refuses it: 409).
   */
  async discard(customerId: number): Promise<void> {
    await this.bus.tell('customer-cart.changed', { customerId });
    await this.items.repo.delete({ customerId });
    await this.cartCoupons.repo.delete({ customerId });
    await this.customers.repo.increment({ id: customerId }, 'cartVersion', 1);
  }

  /** Runs a change of the cart under its lock, tells it (listeners may refuse it: 409), and moves its version. */
  private async changeCart<T>(customerId: number, work: (customer: Customer) => Promise<T>): Promise<T> {
    return this.transactions.run(async () => {
      // The lock and the version's move in one statement (the update locks the row as lockCart does).
      const [row] = await this.customers.prepared<Customer>('cart-lock-and-move', movedCartVersionSql('$1'), [customerId]);
      if (!row) throw new NotFoundException();
      await this.bus.tell('customer-cart.changed', { customerId });
      return work(Object.assign(new Customer(), row));
    });
  }

  async cart(customerId: number): Promise<CustomerCart> {
    return (await this.load(customerId)).cart;
  }

  /**
   * What a checkout charges for: the cart as shown, each item as it will be ordered, and the
   * coupon that gives the discount (400 when the cart is empty).
   */
  async checkout(customerId: number): Promise<CartCheckout> {
    const { cart, items, couponId } = await this.load(customerId);
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

  private async load(customerId: number): Promise<{ cart: CustomerCart; items: CartItemRow[]; couponId: number | null }> {
    return viewOf(customerId, await readCart(this.items, customerId));
  }

  /** POST /my-shopping-cart/apply-coupon: 400 'Kampanjakoodia ei löytynyt' for an unknown, used, expired or another customer's code. */
  async applyCoupon(customerId: number, rawCode: string): Promise<CustomerCart> {
    const code = rawCode.trim().toUpperCase();
    return this.changeCart(customerId, async () => {
      const coupon = code ? await this.coupons.byCode(code) : null;
      if (!coupon || !isUsableBy(coupon, customerId, new Date())) throw new BadRequestException(CUSTOMER_MESSAGES.couponNotFound);
      await this.cartCoupons.repo.upsert({ customerId, couponId: coupon.id }, ['customerId']);
      return this.cart(customerId);
    });
  }

  async unapplyCoupon(customerId: number): Promise<CustomerCart> {
    return this.changeCart(customerId, async () => {
      await this.cartCoupons.repo.delete({ customerId });
      return this.cart(customerId);
    });
  }

  async add(customerId: number, dto: AddCustomerCartItemDto): Promise<CustomerCart> {
    return this.changeCart(customerId, async (customer) => {
      // One read for every check (the count, the renewal's product, whether it is in the cart); an
      // id PostgreSQL's int cannot hold names no product (null), as an unknown one.
      const productId = dto.type === 'renewal' && typeof dto.productId === 'number' && Math.abs(dto.productId) <= INT_MAX ? dto.productId : null;
      const check = await addCheck(this.items, customerId, productId);
      if (check.items >= CUSTOMER_CHAT_LIMITS.maxCartItems) throw new BadRequestException(CUSTOMER_MESSAGES.cartFull);
      const item = dto.type === 'renewal' ? renewal(customerId, dto, check) : this.request(customer, dto);
      return viewOf(customerId, await addToCart(this.items, item)).cart;
    });
  }

  async remove(customerId: number, itemId: number): Promise<CustomerCart> {
    return this.changeCart(customerId, async () => {
      const { affected } = await this.items.repo.delete({ id: itemId, customerId });
      if (!affected) throw new NotFoundException(CUSTOMER_MESSAGES.cartItemNotFound);
      return this.cart(customerId);
    });
  }

  private request(customer: Customer, dto: AddCustomerCartItemDto): NewCartItem {
    const topic = dto.medicalProblem;
    if (!isTopicId(topic) || !topicsForSex(customer.sex).some((t) => t.id === topic)) throw new BadRequestException(CUSTOMER_MESSAGES.topicNotOffered);
    const chat = parseChat(dto.chat);
    const replay = replayQuestionnaire(topic, chat, customer.sex);
    if (replay === 'invalid') throw new BadRequestException(CUSTOMER_MESSAGES.chatInvalid);
    if (replay === 'rejected') throw new BadRequestException(CUSTOMER_MESSAGES.questionnaireRejected);
    return {
      customerId: customer.id,
      type: 'prescription',
      productId: null,
      medicalProblem: topic,
      reason: '',
      chat: chat.map((e) => ({ text: e.text, type: e.type })),
      chatVerified: replay === 'accepted',
    };
  }
}

/** The cart as shown (its prices, the code when it is usable), its items, and the coupon its checkout would use. */
function viewOf(customerId: number, { items, coupon: applied }: { items: CartItemRow[]; coupon: CartCoupon | null }): { cart: CustomerCart; items: CartItemRow[]; couponId: number | null } {
  const views = items.map(toView);
  const fullPrice = views.reduce((sum, i) => sum + i.priceCents, 0);
  const coupon = applied && isUsableBy(applied, customerId, new Date()) ? applied : null;
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

/** A renewal of the checked product (addCheck), or 400/409 saying why not. */
function renewal(customerId: number, dto: AddCustomerCartItemDto, check: AddCheck): NewCartItem {
  if (check.productId === null) throw new BadRequestException(CUSTOMER_MESSAGES.medicineNotFound); // absent, null, unknown or unavailable
  if (!check.renewable) throw new BadRequestException(CUSTOMER_MESSAGES.notRenewable);
  // SPEC section 4: the patient gives the doctor a reason for a renewal.
  const reason = (dto.reason ?? '').trim();
  if (!reason) throw new BadRequestException(CUSTOMER_MESSAGES.renewalReasonRequired);
  if (check.inCart) throw new ConflictException(CUSTOMER_MESSAGES.alreadyInCart);
  return { customerId, type: 'renewal', productId: check.productId, medicalProblem: null, reason, chat: null, chatVerified: false };
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
function isUsableBy(coupon: CartCoupon, customerId: number, now: Date): boolean {
  if (coupon.customerId !== null && coupon.customerId !== customerId) return false;
  if (coupon.usedAt) return false;
  if (coupon.validUntil && coupon.validUntil <= now) return false;
  return coupon.maxUses === null || coupon.uses < coupon.maxUses;
}

function topicName(topic: TopicId): string {
  return TOPICS.find((t) => t.id === topic)?.name ?? topic;
}

function toView(item: CartItemRow): CartItemView {
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
