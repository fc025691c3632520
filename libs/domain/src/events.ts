/**
 * Socket.IO contract: event names, room names and payloads.
 * The server publishes only after the change is committed. Payloads carry the state the screen
 * needs (the web puts it into its cache without a request); a client that missed pushes
 * refetches once on reconnect, on a gap in the push numbers and on `resync`, and polls while
 * disconnected, so a missed push is never fatal.
 */
import type { OrderStatus, Decision } from './api-rules.js';
import type { PharmacyCart, PharmacyOrder, PharmacyNotice, SystemStatus } from './api-shapes.js';

export const SOCKET_EVENTS = {
  /** Doctors: queue counts and the next deadline changed. Payload: QueueStatus (the counts themselves). */
  queueStatus: 'queue:status',
  /** One doctor (all of their tabs): the order they hold changed. Payload: DoctorHeldEvent. */
  doctorHeld: 'doctor:held',
  /** An order's status or one of its decisions changed. Payload: OrderUpdatedEvent. */
  orderUpdated: 'order:updated',
  /** The doctors' notice to pharmacies changed. Payload: NoticeUpdatedEvent. */
  noticeUpdated: 'notice:updated',
  /** A pharmacist's cart (patient, medicines, option) changed, to all of that user's sockets. Payload: CartUpdatedEvent. */
  cartUpdated: 'cart:updated',
  /**
   * This socket may have missed pushes that cannot be replayed (a process's Redis link was away):
   * refetch every live query once. Not numbered. Payload: ResyncEvent.
   */
  resync: 'resync',
  /**
   * Not a change: the point of the push stream this socket has had everything up to (a Redis
   * stream offset, the only argument; socket.io-client keeps it). A reconnect within the
   * recovery window is replayed what came after it, also on a page no push has reached yet.
   * Sent at connection and, when newer pushes went by, every half minute. Not numbered.
   */
  replayFrom: 'replay:from',
} as const;

export type SocketEventName = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];

/** Room names. Every socket joins exactly the rooms its session entitles it to. */
export const ROOMS = {
  doctors: 'doctors',
  /** One doctor's sockets (their held order). */
  doctor: (doctorId: number) => `doctor:${doctorId}`,
  /** Every pharmacy user of every pharmacy (for the doctors' notice). */
  pharmacies: 'pharmacies',
  pharmacy: (pharmacyId: number) => `pharmacy:${pharmacyId}`,
  customer: (userId: number) => `customer:${userId}`,
  /** All sockets of one pharmacy user (their cart, shared by the user's sessions). */
  pharmacyUser: (pharmacyUserId: number) => `pharmacy-user:${pharmacyUserId}`,
} as const;

export interface OrderUpdatedEvent {
  orderId: number;
  deliveryStatus: OrderStatus;
  /** Present when a single prescription's decision changed. */
  itemId?: number;
  /** The new decision: to doctors always; to the pharmacy or customer only once delivered. */
  decision?: Decision;
  /** To the order's pharmacy: the order's card as its lists show it (decisions hidden until delivered). */
  card?: PharmacyOrder;
}

/** queue:status: the counts of GET /system-status (each doctor keeps their own pickedOrder). */
export type QueueStatus = Omit<SystemStatus, 'pickedOrder'>;

/** doctor:held: the id of the order this doctor now holds (null: none). */
export interface DoctorHeldEvent {
  pickedOrder: number | null;
}

export interface NoticeUpdatedEvent {
  notice: PharmacyNotice | null;
}

export interface CartUpdatedEvent {
  /** The whole cart as GET /pharmacy-user-shopping-cart answers it now. */
  cart: PharmacyCart;
}

/** resync: why the pushes may have been missed. */
export interface ResyncEvent {
  /**
   * 'link-returned': the socket's process was cut off from Redis, so it could not hear what the
   * others pushed meanwhile; 'unpublished': another process could not pass on a push to the
   * socket's rooms while its own link was away.
   */
  reason: 'link-returned' | 'unpublished';
}

/** Typed map for socket.io's generic parameters (server and client). */
/** Each push's payload, by the key of its name in SOCKET_EVENTS (one list of names, one of payloads). */
interface SocketPayloads {
  queueStatus: QueueStatus;
  doctorHeld: DoctorHeldEvent;
  orderUpdated: OrderUpdatedEvent;
  noticeUpdated: NoticeUpdatedEvent;
  cartUpdated: CartUpdatedEvent;
  resync: ResyncEvent;
  replayFrom: string;
}

export type ServerToClientEvents = {
  [K in keyof typeof SOCKET_EVENTS as (typeof SOCKET_EVENTS)[K]]: (payload: SocketPayloads[K]) => void;
};

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
