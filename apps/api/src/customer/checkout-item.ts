import type { ChatEntry, CustomerCartItem } from '@resepti/domain';

/** One cart item as a checkout copies it: what is paid for is what is ordered. */
export interface CheckoutItem extends Omit<CustomerCartItem, 'id'> {
  cartItemId: number;
  chat: ChatEntry[] | null;
  chatVerified: boolean;
}
