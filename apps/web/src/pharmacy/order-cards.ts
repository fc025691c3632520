/**
 * Applies a pushed order card (order:updated to the pharmacy carries the card as its lists show
 * it) to a cached list, so a doctor's work reaches the screen without a request.
 */
import { reseptilistaCard, type OrderUpdatedEvent } from '@resepti/domain';
import type { OrderListData, OrderListMode } from './pharmacy-api';

/**
 * The list after the push, or undefined when the push cannot tell (no card: refetch instead).
 * Reseptilista holds the session office's orders with unchecked prescriptions (only those);
 * Historia every order of the pharmacy, newest first, `limit` of them.
 */
export function applyOrderCard(
  list: OrderListData | undefined,
  update: OrderUpdatedEvent,
  mode: OrderListMode,
  limit: number,
  officeId: number | null,
): OrderListData | undefined {
  const card = update.card;
  if (!list || !card) return undefined;
  // Reseptilista's rule is libs/domain's (the API lists by it too); Historia shows every card.
  const listed = mode === 'active' ? reseptilistaCard(card, officeId) : card;
  const belongs = listed !== null;
  const shown = listed ?? card;
  const index = list.orders.findIndex((o) => o.orderId === card.orderId);
  if (index >= 0) {
    const orders = [...list.orders];
    if (belongs) orders[index] = shown;
    else orders.splice(index, 1);
    return { orders, count: belongs ? list.count : list.count - 1 };
  }
  if (!belongs) return list;
  // A card not listed yet is a new order: the newest, so first.
  return { orders: [shown, ...list.orders].slice(0, mode === 'history' ? limit : undefined), count: list.count + 1 };
}
