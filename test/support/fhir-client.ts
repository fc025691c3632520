/**
 * A FHIR client's requests in tests of the read-only FHIR view (fhir.test.ts, fhir-discovery.test.ts):
 * every answer with a body must be FHIR JSON and valid R4, and integrator orders to read back.
 */
import type { IntegratorOrder } from '@resepti/domain';
import { checkFhir } from './fhir-schema';
import type { IntegratorClient } from './integrator';

export interface FhirAnswer<T> {
  status: number;
  type: string | undefined;
  headers: Headers;
  body: T;
}

/** A request under `${baseUrl}/api/fhir`; a 304 has no body, every other answer is checked as FHIR JSON of the type it names. */
export async function fhirRequest<T = any>(
  baseUrl: string,
  pathAndQuery: string,
  token?: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<FhirAnswer<T>> {
  const res = await fetch(`${baseUrl}/api/fhir${pathAndQuery}`, { method: init.method ?? 'GET', headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers } });
  const text = await res.text();
  const type = res.headers.get('content-type')?.split(';')[0];
  if (res.status === 304) return { status: res.status, type, headers: res.headers, body: text as T };
  expect({ pathAndQuery, type }).toEqual({ pathAndQuery, type: 'application/fhir+json' });
  const body = JSON.parse(text) as { resourceType: string };
  checkFhir(body.resourceType, body);
  return { status: res.status, type, headers: res.headers, body: body as T };
}

/** The path and query of a link under /api/fhir (its base is PUBLIC_URL). */
export function linkPath(url: string): string {
  const u = new URL(url);
  return `${u.pathname.replace(/^\/api\/fhir/, '')}${u.search}`;
}

/** An order placed through the integrator API for `hetu` at `officeId` with one item per product. */
export async function placeOrder(client: IntegratorClient, officeId: number, hetu: string, items: number[]): Promise<IntegratorOrder> {
  const res = await client.call<IntegratorOrder>('POST', '/orders', {
    officeId,
    patient: { hetu, firstName: 'Pirjo', lastName: 'Potilas' },
    items: items.map((productId) => ({ productId, reason: 'Lääke loppumassa' })),
    deliveryOption: 'delivery-20-min',
  });
  expect(res.status).toBe(201);
  return res.body;
}
