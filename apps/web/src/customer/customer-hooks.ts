/** The customer's server state: the cart, the products, and the order lists kept live by the socket. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { POLL_INTERVAL_MS, SOCKET_EVENTS, type CustomerCart } from '@resepti/domain';
import { queryKeys } from '../api/query-keys';
import { refetchOnPush, useLiveQuery } from '../api/useLiveQuery';
import { useSession } from '../auth/useSession';
import { fetchCart, fetchOrderHistory, fetchOutstandingOrders, fetchProducts } from './customer-api';

/** A push about one of the customer's orders carries no order: both lists are fetched again. */
const REFETCH_ON_ORDER_UPDATE = { [SOCKET_EVENTS.orderUpdated]: refetchOnPush };

/** Only a customer session has a cart and orders (the customer's pages admit other users too). */
export function useIsCustomer(): boolean {
  return useSession('customer').data !== undefined;
}

export function useCustomerCart() {
  return useQuery({ queryKey: queryKeys.customer.cart, queryFn: fetchCart, enabled: useIsCustomer() });
}

/** Every cart change answers with the whole cart: it goes straight into the cache. */
export function useSetCart(): (cart: CustomerCart) => void {
  const queryClient = useQueryClient();
  return (cart) => queryClient.setQueryData(queryKeys.customer.cart, cart);
}

export function useCustomerProducts() {
  return useQuery({ queryKey: queryKeys.customer.products, queryFn: fetchProducts, staleTime: 10 * 60_000, enabled: useIsCustomer() });
}

/**
 * The customer's waiting and handled orders: refetched when the socket says one of them changed
 * (a doctor picked or delivered it), polled every 30 s only while the socket is down.
 */
export function useCustomerOrders() {
  const enabled = useIsCustomer();
  const outstanding = useLiveQuery({
    queryKey: queryKeys.customer.outstanding,
    queryFn: fetchOutstandingOrders,
    pollIntervalMs: POLL_INTERVAL_MS.customer,
    onPush: REFETCH_ON_ORDER_UPDATE,
    enabled,
  });
  const history = useLiveQuery({
    queryKey: queryKeys.customer.history,
    queryFn: fetchOrderHistory,
    pollIntervalMs: POLL_INTERVAL_MS.customer,
    onPush: REFETCH_ON_ORDER_UPDATE,
    enabled,
  });
  return { outstanding, history };
}
