import type { ChatEntry, ItemType, TopicId } from '@resepti/domain';
import { moveCartVersionSql } from '../accounts/account-sql.js';
import { joinAvailableProduct, joinProduct } from '../catalogue/product-sql.js';
import { joinCoupon } from '../orders/coupon-sql.js';
import type { Coupon } from '../orders/coupon.entity.js';
import type { OwnRepository } from '../platform/database/transactions.js';
import type { CustomerCartItem } from './customer-cart-item.entity.js';

// The cart's reads and writes on the pay path (a renewal added, the checkout's copy, the paid
// cart emptied) as hand-written prepared statements: every step of a customer's payment reads
// the cart, and the ORM's query building and hydration (the items with their products, the
// code with its coupon: two finds with relations) cost the API more than the statements did.
// Each runs in the ambient transaction (the cart's lock is the caller's).

/** A cart item as the cart shows it: its product's names (null for a request) beside it. */
export type CartItemRow = Pick<CustomerCartItem, 'id' | 'type' | 'productId' | 'medicalProblem' | 'reason' | 'chat' | 'chatVerified'> & {
  product: { name: string; strength: string; form: string } | null;
};

/** The code applied to the cart: what decides whether it is usable and what it takes off. */
export type CartCoupon = Pick<Coupon, 'id' | 'code' | 'customerId' | 'usedAt' | 'validUntil' | 'maxUses' | 'uses' | 'amountCents' | 'percentOff'>;

interface CartRow {
  id: number | null;
  type: ItemType;
  productId: number | null;
  medicalProblem: TopicId | null;
  reason: string;
  chat: ChatEntry[] | null;
  chatVerified: boolean;
  productName: string | null;
  productStrength: string;
  productForm: string;
  couponId: number | null;
  couponCode: string;
  couponCustomerId: number | null;
  couponUsedAt: Date | null;
  couponValidUntil: Date | null;
  couponMaxUses: number | null;
  couponUses: number;
  couponAmountCents: number;
  couponPercentOff: number | null;
}

/** The item columns a cart shows, of customer_cart_item or of rows just inserted into it. */
const ITEM_COLUMNS = 'id, type, product_id, medical_problem, reason, chat, chat_verified';

/**
 * The customer's cart ($1) in one statement: a row an item of `items` (by id; one row of nulls when
 * there is none), the code's coupon beside each. `items`: the rows of the cart's items.
 */
const cartSql = (items: string) => `SELECT i.id, i.type, i.product_id AS "productId", i.medical_problem AS "medicalProblem", i.reason, i.chat, i.chat_verified AS "chatVerified",
       p.name AS "productName", p.strength AS "productStrength", p.form AS "productForm",
       k.id AS "couponId", k.code AS "couponCode", k.customer_id AS "couponCustomerId", k.used_at AS "couponUsedAt", k.valid_until AS "couponValidUntil",
       k.max_uses AS "couponMaxUses", k.uses AS "couponUses", k.amount_cents AS "couponAmountCents", k.percent_off AS "couponPercentOff"
  FROM (SELECT $1::int AS customer_id) c
  LEFT JOIN (${items}) i ON true
  ${joinProduct('p', 'i.product_id')}
  LEFT JOIN customer_cart_coupon cc ON cc.customer_id = c.customer_id
  ${joinCoupon('k', 'cc.coupon_id')}
 ORDER BY i.id`;

const CART_ITEMS = `SELECT ${ITEM_COLUMNS} FROM customer_cart_item WHERE customer_id = $1`;

/** The cart's items (by id) and its code's coupon (null: none applied). */
export async function readCart(items: OwnRepository<CustomerCartItem>, customerId: number): Promise<{ items: CartItemRow[]; coupon: CartCoupon | null }> {
  return cartOfRows(await items.prepared<CartRow>('cart-read', cartSql(CART_ITEMS), [customerId]));
}

/** A new item inserted, and the cart with it, in one statement (the insert's row beside those the statement's snapshot sees). */
export async function addToCart(
  items: OwnRepository<CustomerCartItem>,
  item: Pick<CustomerCartItem, 'customerId' | 'type' | 'productId' | 'medicalProblem' | 'reason' | 'chat' | 'chatVerified'>,
): Promise<{ items: CartItemRow[]; coupon: CartCoupon | null }> {
  const rows = await items.prepared<CartRow>(
    'cart-add',
    `WITH added AS (
       INSERT INTO customer_cart_item (customer_id, type, product_id, medical_problem, reason, chat, chat_verified) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)
       RETURNING ${ITEM_COLUMNS})
     ${cartSql(`${CART_ITEMS} UNION ALL SELECT * FROM added`)}`,
    [item.customerId, item.type, item.productId, item.medicalProblem, item.reason, item.chat === null ? null : JSON.stringify(item.chat), item.chatVerified],
  );
  return cartOfRows(rows);
}

function cartOfRows(rows: CartRow[]): { items: CartItemRow[]; coupon: CartCoupon | null } {
  const [first] = rows;
  const coupon: CartCoupon | null =
    first?.couponId != null
      ? {
          id: first.couponId,
          code: first.couponCode,
          customerId: first.couponCustomerId,
          usedAt: first.couponUsedAt,
          validUntil: first.couponValidUntil,
          maxUses: first.couponMaxUses,
          uses: first.couponUses,
          amountCents: first.couponAmountCents,
          percentOff: first.couponPercentOff,
        }
      : null;
  return {
    coupon,
    items: rows
      .filter((r): r is CartRow & { id: number } => r.id !== null)
      .map((r) => ({
        id: r.id,
        type: r.type,
        productId: r.productId,
        medicalProblem: r.medicalProblem,
        reason: r.reason,
        chat: r.chat,
        chatVerified: r.chatVerified,
        product: r.productName !== null ? { name: r.productName, strength: r.productStrength, form: r.productForm } : null,
      })),
  };
}

/** What adding an item must know first: how many items the cart has; for a renewal, its product (if available) and whether it is in the cart. */
export interface AddCheck {
  items: number;
  productId: number | null;
  renewable: boolean | null;
  inCart: boolean;
}

/** AddCheck in one statement; `productId` null for a request (nothing to look up). */
export async function addCheck(items: OwnRepository<CustomerCartItem>, customerId: number, productId: number | null): Promise<AddCheck> {
  const [row] = await items.prepared<AddCheck>(
    'cart-add-check',
    `SELECT (SELECT count(*)::int FROM customer_cart_item WHERE customer_id = $1) AS items, p.id AS "productId", p.renewable,
            EXISTS (SELECT 1 FROM customer_cart_item WHERE customer_id = $1 AND product_id = p.id) AS "inCart"
       FROM (SELECT 1) one ${joinAvailableProduct('p', '$2::int')}`,
    [customerId, productId],
  );
  return row;
}

/** A paid checkout's items and code (null: none) leave the cart and its version moves, in one statement. */
export async function takePaidItems(items: OwnRepository<CustomerCartItem>, customerId: number, cartItemIds: number[], couponId: number | null): Promise<void> {
  await items.prepared(
    'cart-take-paid',
    `WITH gone AS (DELETE FROM customer_cart_item WHERE customer_id = $1 AND id = ANY($2::int[])),
          code AS (DELETE FROM customer_cart_coupon WHERE customer_id = $1 AND coupon_id = $3::int)
     ${moveCartVersionSql('$1')}`,
    [customerId, cartItemIds, couponId],
  );
}
