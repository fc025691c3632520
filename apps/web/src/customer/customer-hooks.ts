/**
 * The customer's server state: every query, live query and write of the customer's screens (and
 * of registration, which signs the customer in), with what each does to the cache. The order
 * lists and the feedback question follow pushes by the rules below (see api/useLiveQuery.ts) and
 * are polled every 30 s only while the socket is down.
 */
import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dosageFormName,
  POLL_INTERVAL_MS,
  SOCKET_EVENTS,
  type AddCustomerCartItemRequest,
  type ContactDetailsUpdate,
  type CustomerCart,
  type CustomerInfo,
  type EmbeddedCheckoutPaid,
  type EmbeddedCheckoutSession,
  type FeedbackRequest,
  type LoginResponse,
  type PasswordChangeRequest,
  type AccountCloseRequest,
  type PaymentSessionResponse,
  type RegistrationRequest,
} from '@resepti/domain';
import { isApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useSocket } from '../api/socket';
import { refetchOnPush, useLiveQuery } from '../api/useLiveQuery';
import type { WriteReactions } from '../api/write-reactions';
import type { ProductSearch } from '../components/MedicineSearch';
import { currentLanguage } from '../i18n/i18n';
import type { ChatText } from './chat-progress';
import { forgetSessions } from '../api/signed-in';
import { useSession } from '../auth/useSession';
import {
  addCartItem,
  applyCoupon,
  changePassword,
  checkRegistrationPassword,
  closeAccount,
  fetchCart,
  fetchEmbeddedCheckout,
  fetchFeedbackQuestion,
  fetchOrderHistory,
  fetchOutstandingOrders,
  fetchPaymentStatus,
  searchProducts,
  productAlternatives,
  fetchRegistration,
  isHostedCheckout,
  payEmbeddedCheckout,
  registerCustomer,
  removeCartItem,
  resetPassword,
  sendFeedback,
  startPaymentSession,
  unapplyCoupon,
  updateContactDetails,
  fetchMyAccessLog,
} from './customer-api';
import 'virtual:finnish-texts/shared';


/** A push about one of the customer's orders carries no order: what shows orders is fetched again. */
const REFETCH_ON_ORDER_UPDATE = { [SOCKET_EVENTS.orderUpdated]: refetchOnPush };

/** Only a customer session has a cart and orders (the customer's pages admit other users too). */
function useIsCustomer(): boolean {
  return useSession('customer').data !== undefined;
}

// ---------------------------------------------------------------- registration (before sign-in)

/** GET /registration: the person of the session's strong identification (404 without one). */
export function useRegistration() {
  return useQuery({ queryKey: queryKeys.customer.registration, queryFn: fetchRegistration, retry: false, staleTime: Infinity });
}

/** Signed in by the server: forget any earlier user and the identification, and reconnect the socket. */
function useAfterSignIn() {
  const queryClient = useQueryClient();
  const { reconnect } = useSocket();
  return () => {
    forgetSessions(queryClient);
    queryClient.removeQueries({ queryKey: queryKeys.customer.registration });
    reconnect();
  };
}

/** The wizard's last step: creates the account and signs the customer in; then the screen moves on. */
export function useRegisterCustomer(reactions: WriteReactions<CustomerInfo, RegistrationRequest> = {}) {
  const afterSignIn = useAfterSignIn();
  return useMutation({
    mutationFn: registerCustomer,
    onSuccess: async (customer, request) => {
      afterSignIn();
      await reactions.onSuccess?.(customer, request);
    },
    onError: reactions.onError,
  });
}

/** The wizard's password step: does the server take this password (common and breached ones are refused)? */
export function useCheckRegistrationPassword(reactions: WriteReactions<void, { password: string; email: string }> = {}) {
  return useMutation({
    mutationFn: ({ password, email }: { password: string; email: string }) => checkRegistrationPassword(password, email),
    onSuccess: reactions.onSuccess,
    onError: reactions.onError,
  });
}

/** A new password through identification; signs the customer in, then the screen moves on. */
export function useResetPassword(reactions: WriteReactions<LoginResponse, string> = {}) {
  const afterSignIn = useAfterSignIn();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: async (answer, password) => {
      afterSignIn();
      await reactions.onSuccess?.(answer, password);
    },
    onError: reactions.onError,
  });
}

// ---------------------------------------------------------------- account

/** E-mail or phone; the answer is the customer as now stored, and becomes the session's user. */
export function useUpdateContactDetails(reactions: WriteReactions<CustomerInfo, ContactDetailsUpdate> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactDetails,
    onSuccess: async (updated, update) => {
      queryClient.setQueryData(queryKeys.session('customer'), updated);
      await reactions.onSuccess?.(updated, update);
    },
    onError: reactions.onError,
  });
}

export function useChangePassword(reactions: WriteReactions<void, PasswordChangeRequest> = {}) {
  return useMutation({ mutationFn: changePassword, onSuccess: reactions.onSuccess, onError: reactions.onError });
}

export function useCloseAccount(reactions: WriteReactions<void, AccountCloseRequest> = {}) {
  return useMutation({ mutationFn: closeAccount, onSuccess: reactions.onSuccess, onError: reactions.onError });
}

// ---------------------------------------------------------------- products and cart

/** The renewal chat's medicine search (MedicineSearch). */
export const customerProductSearch: ProductSearch = {
  key: queryKeys.customer.products,
  fetch: searchProducts,
  alternatives: productAlternatives,
  formName: (form) => dosageFormName(form, currentLanguage()),
};

export function useCustomerCart() {
  return useQuery({ queryKey: queryKeys.customer.cart, queryFn: fetchCart, enabled: useIsCustomer() });
}

/** Every change of the cart answers with the whole cart: it goes straight into the cache. */
function useCartChange<TVariables>(mutationFn: (variables: TVariables) => Promise<CustomerCart>, reactions: WriteReactions<CustomerCart, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (cart: CustomerCart, variables: TVariables) => {
      queryClient.setQueryData(queryKeys.customer.cart, cart);
      await reactions.onSuccess?.(cart, variables);
    },
    onError: reactions.onError,
  });
}

/** A prescription the chat adds to the cart, with the name the chat calls it by. */
export interface ChosenCartItem {
  item: AddCustomerCartItemRequest;
  name: ChatText;
}

export function useAddCartItem(reactions: WriteReactions<CustomerCart, ChosenCartItem> = {}) {
  return useCartChange(({ item }: ChosenCartItem) => addCartItem(item), reactions);
}

export function useRemoveCartItem() {
  return useCartChange(removeCartItem, {});
}

export function useApplyCoupon(reactions: WriteReactions<CustomerCart, string> = {}) {
  return useCartChange(applyCoupon, reactions);
}

export function useUnapplyCoupon(reactions: WriteReactions<CustomerCart, void> = {}) {
  return useCartChange(unapplyCoupon, reactions);
}

// ---------------------------------------------------------------- payment

/**
 * 'Siirry kassalle': a payment session, then the screen goes to its checkout. To Stripe's hosted
 * page at once; to a page of this app (the embedded checkout, or /reseptit when a code covered
 * everything) once the cart and the orders are fetched again. A failure is only logged (SPEC
 * section 4, Payment).
 */
export function useStartCheckout(reactions: WriteReactions<PaymentSessionResponse> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startPaymentSession,
    onSuccess: async (session) => {
      if (!isHostedCheckout(session.url)) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.customer.cart });
        await queryClient.invalidateQueries({ queryKey: queryKeys.customer.orders });
      }
      await reactions.onSuccess?.(session);
    },
    onError: (e) => console.warn('checkout failed', e),
    onSettled: reactions.onSettled,
  });
}

/** The embedded test checkout as it is now: Back to a paid checkout must show it paid, never a form that pays again. */
export function useEmbeddedCheckout(sessionId: string) {
  return useQuery({ queryKey: queryKeys.customer.checkout(sessionId), queryFn: () => fetchEmbeddedCheckout(sessionId), retry: false, refetchOnMount: 'always' });
}

/** Pays in the embedded checkout; paid: the session shows paid and the screen moves on once cart and orders are fetched again. */
export function usePayEmbeddedCheckout(sessionId: string, reactions: WriteReactions<EmbeddedCheckoutPaid, { cardNumber: string; expiry: string; cvc: string }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: { cardNumber: string; expiry: string; cvc: string }) => payEmbeddedCheckout(sessionId, card),
    onSettled: reactions.onSettled,
    onSuccess: async (paid, card) => {
      queryClient.setQueryData<EmbeddedCheckoutSession>(queryKeys.customer.checkout(sessionId), (s) => s && { ...s, status: 'complete' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.customer.cart }),
        queryClient.invalidateQueries({ queryKey: queryKeys.customer.orders }),
      ]);
      await reactions.onSuccess?.(paid, card);
    },
    onError: (e, card) => {
      // 409/410: paid in another tab, refunded, or expired meanwhile: show the checkout as it is now.
      if (isApiError(e) && (e.status === 409 || e.status === 410)) void queryClient.invalidateQueries({ queryKey: queryKeys.customer.checkout(sessionId) });
      reactions.onError?.(e, card);
    },
  });
}

const CONFIRMING = new Set(['open', 'paying']);

/**
 * The outcome of the checkout the customer just came back from, polled every 2 s while it is not
 * settled (Stripe's event may come a moment after the browser). Paid: the order appears in
 * 'Odottaa käsittelyä' and the cart empties.
 */
export function usePaymentReturn(sessionId: string) {
  const queryClient = useQueryClient();
  const payment = useQuery({
    queryKey: queryKeys.customer.payment(sessionId),
    queryFn: () => fetchPaymentStatus(sessionId),
    retry: false,
    refetchInterval: (q) => (q.state.data && CONFIRMING.has(q.state.data.status) ? 2_000 : false),
  });
  const status = payment.data?.status;
  useEffect(() => {
    if (status === 'complete') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.customer.cart });
      void queryClient.invalidateQueries({ queryKey: queryKeys.customer.orders });
    }
  }, [status, queryClient]);
  return payment;
}

// ---------------------------------------------------------------- orders and feedback

/**
 * The customer's waiting and handled orders: refetched when the socket says one of them changed
 * (a doctor picked or delivered it).
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

/** The feedback question to ask now (null: none): a delivered decision may bring one. */
export function useFeedbackQuestion() {
  return useLiveQuery({
    queryKey: queryKeys.customer.feedback,
    queryFn: fetchFeedbackQuestion,
    pollIntervalMs: POLL_INTERVAL_MS.customer,
    onPush: REFETCH_ON_ORDER_UPDATE,
    enabled: useIsCustomer(),
  });
}

export function useSendFeedback(reactions: WriteReactions<void, FeedbackRequest> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: async (data, feedback) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.customer.feedback });
      await reactions.onSuccess?.(data, feedback);
    },
  });
}

/** Who has read the customer's data ('Kuka on katsonut tietojani'); read when the view opens. */
/** 'Kuka on katsonut tietojani', a page at a time ('Näytä lisää' fetches the next). */
export function useMyAccessLog() {
  return useInfiniteQuery({
    queryKey: queryKeys.customer.accessLog,
    queryFn: ({ pageParam }) => fetchMyAccessLog(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.reduce((n, p) => n + p.entries.length, 0) : undefined),
    staleTime: 0,
  });
}
