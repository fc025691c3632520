/**
 * The pharmacy's server state: every query, live query and write of its screens, with what each
 * does to the cache. Live data (cart, order lists, the doctors' notice) follows pushes by the
 * rules below (see api/useLiveQuery.ts) and is polled every 10 s only while the socket is down.
 */
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  POLL_INTERVAL_MS,
  SOCKET_EVENTS,
  type DeliveryOptionId,
  type NewPharmacyUserRequest,
  type Patient,
  type PharmacyCart,
  type PharmacyOffice,
  type PharmacySendResult,
  type PharmacyUserListEntry,
  type Product,
  type UpdatePharmacyUserRequest,
} from '@resepti/domain';
import { queryKeys } from '../api/query-keys';
import { useSocket } from '../api/socket';
import { refetchOnPush, useLiveQuery } from '../api/useLiveQuery';
import type { WriteReactions } from '../api/write-reactions';
import type { ProductSearch } from '../components/MedicineSearch';
import { applyOrderCard } from './order-cards';
import {
  addCartItem,
  checkOrderItem,
  clearCart,
  createUser,
  deleteUser,
  resetUserMfa,
  fetchApiClients,
  fetchCart,
  fetchDeliveryOptions,
  fetchMessage,
  fetchMessageStatus,
  fetchOrders,
  searchProducts,
  productAlternatives,
  fetchSessionOffice,
  fetchUsers,
  fetchUsersOffices,
  revokeApiClient,
  selectOffice,
  sendCart,
  setDeliveryOption,
  setMessageChecked,
  setPatientInfo,
  updateUser,
  type OrderListMode,
} from './pharmacy-api';


// ---------------------------------------------------------------- offices

export function usePharmacyOffices() {
  return useQuery({ queryKey: queryKeys.pharmacy.offices, queryFn: fetchUsersOffices });
}

/** The session's office: always asked afresh when the workbench opens (null: none chosen yet). */
export function useSessionOffice() {
  return useQuery({ queryKey: queryKeys.pharmacy.sessionOffice, queryFn: fetchSessionOffice, staleTime: 0 });
}

/**
 * Chooses the session's office. Everything cached for the pharmacy belonged to the office before,
 * and the socket's rooms follow the session's office: both are renewed before the screen moves on.
 */
export function useSelectOffice(reactions: WriteReactions<void, number> = {}) {
  const queryClient = useQueryClient();
  const { reconnect } = useSocket();
  return useMutation({
    mutationFn: selectOffice,
    onSuccess: async (data, officeId) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.session('pharmacy') });
      await queryClient.invalidateQueries({ queryKey: queryKeys.pharmacy.root });
      reconnect();
      await reactions.onSuccess?.(data, officeId);
    },
  });
}

// ---------------------------------------------------------------- 'Reseptin tilaus': patient and cart

/** The chat's medicine search (MedicineSearch). */
export const pharmacyProductSearch: ProductSearch = { key: queryKeys.pharmacy.products, fetch: searchProducts, alternatives: productAlternatives };

export function useDeliveryOptions() {
  return useQuery({ queryKey: queryKeys.pharmacy.deliveryOptions, queryFn: fetchDeliveryOptions, staleTime: Infinity });
}

/**
 * The cart (patient + medicines) is one per pharmacist, shared by their sessions: another tab or
 * workstation may change it, and its push carries the whole cart.
 */
export function usePharmacyCart() {
  return useLiveQuery({
    queryKey: queryKeys.pharmacy.cart,
    queryFn: fetchCart,
    pollIntervalMs: POLL_INTERVAL_MS.pharmacy,
    onPush: { [SOCKET_EVENTS.cartUpdated]: (pushed) => ({ data: pushed.cart }) },
  });
}

/*
 * Every change this screen makes to the cart carries the mutation key `cartChange`, so the
 * screen can tell its own changes in flight from another session's.
 */

/** How many of this screen's own cart changes are in flight (a cart push meanwhile is not "another session"). */
export function useOwnCartChangesInFlight(): number {
  return useIsMutating({ mutationKey: queryKeys.pharmacy.cartChange });
}

/** The patient's names and hetu; the screen moves on once the cart shows the patient. */
export function useSavePatient(reactions: WriteReactions<Patient, Patient> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.pharmacy.cartChange,
    mutationFn: setPatientInfo,
    onSuccess: async (saved, patient) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.pharmacy.cart });
      await reactions.onSuccess?.(saved, patient);
    },
    onError: reactions.onError,
  });
}

/** 'Keskeytä': empties the cart. The screen starts over at once (also when the call failed), then the cart is fetched again. */
export function useClearCart(reactions: WriteReactions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.pharmacy.cartChange,
    mutationFn: clearCart,
    onSettled: async () => {
      await reactions.onSettled?.();
      await queryClient.invalidateQueries({ queryKey: queryKeys.pharmacy.cart });
    },
  });
}

export interface CartItemChoice {
  product: Product;
  reason: string;
}

/** Adds a medicine for the patient on screen; the answer is the whole cart. */
export function useAddCartItem(patientHetu: string, reactions: WriteReactions<PharmacyCart, CartItemChoice> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.pharmacy.cartChange,
    mutationFn: ({ product, reason }: CartItemChoice) => addCartItem(patientHetu, product.productId, reason),
    onSuccess: async (cart, choice) => {
      queryClient.setQueryData(queryKeys.pharmacy.cart, cart);
      await reactions.onSuccess?.(cart, choice);
    },
    onError: reactions.onError,
  });
}

/** The processing time; the answer is the whole cart. */
export function useChooseDeliveryOption(patientHetu: string, reactions: WriteReactions<PharmacyCart, DeliveryOptionId> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.pharmacy.cartChange,
    mutationFn: (id: DeliveryOptionId) => setDeliveryOption(patientHetu, id),
    onSuccess: (cart) => queryClient.setQueryData(queryKeys.pharmacy.cart, cart),
    onError: reactions.onError,
  });
}

/** 'Lähetä tilaus': the screen starts over once the emptied cart and the new order are fetched. */
export function useSendCart(patientHetu: string, reactions: WriteReactions<PharmacySendResult> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.pharmacy.cartChange,
    mutationFn: () => sendCart(patientHetu),
    onSuccess: async (result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.pharmacy.cart }),
        queryClient.invalidateQueries({ queryKey: queryKeys.pharmacy.orders }),
      ]);
      await reactions.onSuccess?.(result);
    },
    onError: reactions.onError,
  });
}

// ---------------------------------------------------------------- order lists

/**
 * Reseptilista or Historia. A push about an order carries its card as the lists show it: the
 * card goes straight into the list (order-cards.ts), no request; without a card, a refetch.
 */
export function usePharmacyOrders(mode: OrderListMode, limit: number) {
  const queryClient = useQueryClient();
  return useLiveQuery({
    queryKey: queryKeys.pharmacy.ordersByMode(mode, limit),
    queryFn: () => fetchOrders(mode, limit),
    pollIntervalMs: POLL_INTERVAL_MS.pharmacy,
    onPush: {
      [SOCKET_EVENTS.orderUpdated]: (pushed, current) => {
        const officeId = queryClient.getQueryData<PharmacyOffice | null>(queryKeys.pharmacy.sessionOffice)?.id ?? null;
        const next = applyOrderCard(current, pushed, mode, limit, officeId);
        return next ? { data: next } : 'refetch';
      },
    },
  });
}

/** The trash button: a checked prescription leaves Reseptilista (it stays in Historia). */
export function useCheckOrderItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkOrderItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.pharmacy.orders }),
  });
}

// ---------------------------------------------------------------- the doctors' notice

/** The published notice and this pharmacist's read mark: refetched when the doctors change the notice. */
export function useDoctorsNotice() {
  const notice = useLiveQuery({
    queryKey: queryKeys.pharmacy.message,
    queryFn: fetchMessage,
    pollIntervalMs: POLL_INTERVAL_MS.pharmacy,
    onPush: { [SOCKET_EVENTS.noticeUpdated]: refetchOnPush },
  });
  const readMark = useLiveQuery({
    queryKey: queryKeys.pharmacy.messageStatus,
    queryFn: fetchMessageStatus,
    pollIntervalMs: POLL_INTERVAL_MS.pharmacy,
    onPush: { [SOCKET_EVENTS.noticeUpdated]: refetchOnPush },
  });
  return { notice, readMark };
}

export function useSetNoticeRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessageChecked,
    onSuccess: (status) => queryClient.setQueryData(queryKeys.pharmacy.messageStatus, status),
  });
}

// ---------------------------------------------------------------- administration

export function usePharmacyUsers(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.pharmacy.users, queryFn: fetchUsers, enabled });
}

export function useCreatePharmacyUser(reactions: WriteReactions<PharmacyUserListEntry, NewPharmacyUserRequest> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: async (user, request) => {
      // The list holds the new user before the screen selects it.
      await queryClient.invalidateQueries({ queryKey: queryKeys.pharmacy.users });
      await reactions.onSuccess?.(user, request);
    },
    onError: reactions.onError,
  });
}

/** One field's save of a user's details; `field` tells the screen's reactions which field it was. */
export interface UserFieldSave<F extends string> {
  field: F;
  user: UpdatePharmacyUserRequest;
}

export function useUpdatePharmacyUser<F extends string>(reactions: WriteReactions<PharmacyUserListEntry, UserFieldSave<F>> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user }: UserFieldSave<F>) => updateUser(user),
    onSuccess: async (updated, save) => {
      // The screen takes the confirmed values at once (a blur right after must not save again); the list follows.
      await reactions.onSuccess?.(updated, save);
      await queryClient.invalidateQueries({ queryKey: queryKeys.pharmacy.users });
    },
    onError: reactions.onError,
  });
}

/** The screen closes its confirmation and moves on once the list no longer has the user. */
export function useResetPharmacyUserMfa(reactions: WriteReactions<void, number> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserMfa,
    onSuccess: async (data, id) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.pharmacy.users });
      await reactions.onSuccess?.(data, id);
    },
    onError: reactions.onError,
  });
}

export function useDeletePharmacyUser(reactions: WriteReactions<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async (data, username) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.pharmacy.users });
      await reactions.onSuccess?.(data, username);
    },
  });
}

export function useApiClients() {
  return useQuery({ queryKey: queryKeys.pharmacy.apiClients, queryFn: fetchApiClients });
}

export function useRevokeApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiClient,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.pharmacy.apiClients }),
  });
}
