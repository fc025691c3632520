/**
 * Socket.IO contract: event names, room names and payloads.
 * The server publishes only after the change is committed; clients treat every
 * event as "this data changed" and may refetch, so a missed push is never fatal.
 */
import type { SystemStatus, OrderStatus, Decision, PharmacyNotice } from './api-types.js';
import type { PharmacyCart } from './pharmacy-api.js';

export const SOCKET_EVENTS = {
  /** Doctors: queue counts and the next deadline changed. Payload: SystemStatus. */
  queueStatus: 'queue:status',
  /** An order's status or one of its decisions changed. Payload: OrderUpdatedEvent. */
  orderUpdated: 'order:updated',
  /** The doctors' notice to pharmacies changed. Payload: NoticeUpdatedEvent. */
  noticeUpdated: 'notice:updated',
  /** A pharmacist's cart (patient, medicines, option) changed, to all of that user's sockets. Payload: CartUpdatedEvent. */
  cartUpdated: 'cart:updated',
} as const;

export type SocketEventName = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];

/** Room names. Every socket joins exactly the rooms its session entitles it to. */
export const ROOMS = {
  doctors: 'doctors',
  /** Every pharmacy user of every pharmacy (for the doctors' notice). */
  pharmacies: 'pharmacies',
  pharmacy: (pharmacyId: number) => `pharmacy:${pharmacyId}`,
  office: (officeId: number) => `office:${officeId}`,
  customer: (userId: number) => `customer:${userId}`,
  /** All sockets of one pharmacy user: lets the server move them when the office changes. */
  pharmacyUser: (pharmacyUserId: number) => `pharmacy-user:${pharmacyUserId}`,
} as const;

export interface OrderUpdatedEvent {
  orderId: number;
  deliveryStatus: OrderStatus;
  /** Present when a single prescription's decision changed. */
  itemId?: number;
  /** The new decision: to doctors always; to the pharmacy or customer only once delivered. */
  decision?: Decision;
}

export interface NoticeUpdatedEvent {
  notice: PharmacyNotice | null;
}

export interface CartUpdatedEvent {
  /** The whole cart as GET /pharmacy-user-shopping-cart answers it now. */
  cart: PharmacyCart;
}

/** Typed map for socket.io's generic parameters (server and client). */
export interface ServerToClientEvents {
  'queue:status': (payload: SystemStatus) => void;
  'order:updated': (payload: OrderUpdatedEvent) => void;
  'notice:updated': (payload: NoticeUpdatedEvent) => void;
  'cart:updated': (payload: CartUpdatedEvent) => void;
}

/**
 * The second argument of every server push: for each room the push went to, a number that
 * grows by one per push to that room. A client in that room that sees a number other than
 * the next one (or another `epoch`: the counters were reset) has missed pushes and refetches.
 * Counted in Redis across processes; a process without Redis counts alone, in its own epoch.
 */
export interface PushMeta {
  epoch: string;
  ids: Record<string, number>;
}

export interface SessionInfo {
  role: 'customer' | 'doctor' | 'pharmacy';
  rooms: string[];
}

/** What a client may ask over the socket (answered through the acknowledgement callback). */
export interface ClientToServerEvents {
  /** Which role and rooms this connection has (diagnostics for the live indicator and tests). */
  'session:info': (ack: (info: SessionInfo) => void) => void;
}

/** Polling intervals used only while the socket is disconnected (SPEC section 9). */
export const POLL_INTERVAL_MS = {
  pharmacy: 10_000,
  customer: 30_000,
  doctor: 30_000,
} as const;
