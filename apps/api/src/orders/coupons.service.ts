import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { InjectOwn, type OwnRepository } from '../platform/database/transactions.js';
import { Coupon } from './coupon.entity.js';

/** Letters and digits that cannot be mistaken for each other when read aloud or typed. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

export function newCouponCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * Single-use coupons a doctor gives with a 'rejected-with-coupon' decision: worth the
 * rejected item's price, one per item (unique index on order_item_id); and the use of any code
 * when a cart is paid.
 */
@Injectable()
export class CouponsService {
  constructor(@InjectOwn(Coupon) private readonly coupons: OwnRepository<Coupon>) {}

  /** A code's coupon (usable or not), or null; in the ambient transaction, if any. */
  byCode(code: string): Promise<Coupon | null> {
    return this.coupons.repo.findOneBy({ code });
  }

  /** Creates the item's coupon unless it already has one (in the ambient transaction); returns its code. */
  async ensureForItem(input: { orderItemId: number; customerId: number; amountCents: number }): Promise<string> {
    const existing = await this.coupons.repo.findOneBy({ orderItemId: input.orderItemId });
    if (existing) return existing.code;
    for (let attempt = 0; ; attempt++) {
      const code = newCouponCode();
      const inserted = (await this.coupons.repo
        .createQueryBuilder()
        .insert()
        .into(Coupon)
        .values({ code, customerId: input.customerId, orderItemId: input.orderItemId, amountCents: input.amountCents })
        .orIgnore()
        .returning(['id'])
        .execute()) as { raw: unknown[] };
      if (inserted.raw.length > 0) return code;
      if (attempt >= 5) throw new Error('could not generate a unique coupon code');
    }
  }

  /**
   * A paid cart's code is used, atomically: a customer's own coupon once (usedAt), a campaign code
   * one use more while under its cap and within its time. False when the code cannot be used any
   * more (another payment took the last use): the caller then does not place the order at the
   * discounted price. The conditional update decides, however many payments race for the last use.
   */
  async useForPayment(couponId: number, customerId: number): Promise<boolean> {
    const rows = (await this.coupons.query(
      `WITH used AS (
         UPDATE coupon
         SET uses = uses + 1, used_at = CASE WHEN customer_id IS NULL THEN used_at ELSE now() END
         WHERE id = $1
           AND (customer_id IS NULL OR (customer_id = $2 AND used_at IS NULL))
           AND (max_uses IS NULL OR uses < max_uses)
           AND (valid_until IS NULL OR valid_until > now())
         RETURNING id)
       SELECT id FROM used`,
      [couponId, customerId],
    )) as unknown[];
    return rows.length === 1;
  }
}
