/**
 * Whether the server answers: 'Ei yhteyttä palvelimeen' while requests fail without an answer
 * (the API client keeps the state; connection-monitor.ts asks again while it lasts). Without the
 * socket and react-query: the page-load retry of the first load reads it too.
 */
import { useSyncExternalStore } from 'react';
import { isServerUnreachable, onConnectionChange } from './client';

export function useServerUnreachable(): boolean {
  return useSyncExternalStore(onConnectionChange, isServerUnreachable);
}
