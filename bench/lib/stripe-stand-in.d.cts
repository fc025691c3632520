import type { Server } from 'node:http';

export interface StripeCall {
  method: string;
  path: string;
  form: URLSearchParams;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

/** What the stand-in does besides answering: hold a charge's answer, fail refunds or searches. */
export interface StripeBehaviour {
  /** While set, a PaymentIntent is created (the card charged) and this is called instead of answering; `answer` sends the answer. */
  holdIntent: ((id: string, answer: () => void) => void) | null;
  /** Refund calls answered 500 while above zero (counting down). */
  failRefunds: number;
  /** PaymentIntent searches answered 500 while above zero (counting down). */
  failSearches?: number;
}

export interface StandInIntent {
  id: string;
  status: string;
  amount: number;
  amount_received: number;
  currency: string;
  created: number;
  metadata: Record<string, string>;
}

export function fakeStripeApi(calls: StripeCall[], behaviour: StripeBehaviour, intents?: Map<string, StandInIntent>): Server;
