/**
 * Who provides the service (GET /provider: the deployment's PROVIDER_NAME …), read once per visit.
 * A store of its own, not a query: the landing page shows it, and react-query is not in its first load.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { Provider } from '@resepti/domain';
import { fetchProvider } from '../api/session';

let provider: Provider | undefined;
/** The request under way or answered; forgotten when it fails, so the next screen that asks tries again. */
let request: Promise<void> | null = null;
const listeners = new Set<() => void>();

function load(): void {
  request ??= fetchProvider().then(
    (answer) => {
      provider = answer;
      listeners.forEach((listener) => listener());
    },
    () => {
      request = null;
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useProvider(): { data: Provider | undefined } {
  useEffect(load, []);
  return { data: useSyncExternalStore(subscribe, () => provider) };
}

/** A phone number as a tel: link (a Finnish number with its leading 0 in the international form). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[\s()-]/g, '');
  return `tel:${digits.startsWith('+') ? digits : `+358${digits.replace(/^0/, '')}`}`;
}
