/**
 * What the generated-input tests share (generated-input.test.ts, contract-field-input.test.ts):
 * the texts an answer must never show, a session of every role, the caller a row of the
 * authorization matrix lets through, and the count of inputs per endpoint they print.
 */
import type { TestApp } from './app';
import { loginAs, type ApiClient } from './http';
import { pharmacistAtOffice } from './pharmacy-flow';
import { MATRIX, type Caller } from '../api/authorization-matrix';

/** Internals an answer must never show: stack frames, driver and database texts. */
export const LEAKS = [/\bat [\w.<>]+ \(/, /\.js:\d+:\d+/, /QueryFailedError/, /syntax error at/i, /violates .* constraint/i, /relation "/, /duplicate key/i, /TypeORM/, /node_modules/, /invalid input syntax/i, /ECONNREFUSED/];

/** A signed-in session of each role the matrix names. */
export async function sessionsOfEveryRole(app: TestApp): Promise<Map<Caller, ApiClient>> {
  const sessions = new Map<Caller, ApiClient>();
  sessions.set('customer', await loginAs(app, 'customer'));
  sessions.set('doctor', await loginAs(app, 'doctor'));
  sessions.set('pharmacist', (await pharmacistAtOffice(app, 'pharmacy')).client);
  sessions.set('pharmacyAdmin', (await pharmacistAtOffice(app, 'pharmacyAdmin')).client);
  return sessions;
}

/** The caller a row's role lets through, so the input reaches validation: anonymous for public endpoints (logins, logout). */
export function callerFor(call: string, sessions: Map<Caller, ApiClient>): Caller {
  const row = MATRIX.find((r) => r.call === call);
  if (!row || row.allow.includes('anonymous')) return 'anonymous';
  const allowed = row?.allow.filter((c) => sessions.has(c)) ?? [];
  return allowed[0] ?? 'anonymous';
}

/** Prints how many inputs each endpoint got. */
export function printInputs(inputsPerEndpoint: Record<string, number>): void {
  const total = Object.values(inputsPerEndpoint).reduce((a, b) => a + b, 0);
  const lines = Object.entries(inputsPerEndpoint).map(([call, n]) => `  ${String(n).padStart(4)}  ${call}`);
  console.log(`generated inputs: ${total} over ${Object.keys(inputsPerEndpoint).length} endpoints and events\n${lines.join('\n')}`);
}
