/**
 * The pharmacy's send flow through the real API, for tests that need an order to arrive
 * the way it does in production (with its queue:status and order:updated pushes).
 */
import type { DeliveryOptionId, PharmacyOffice, Product } from '@resepti/domain';
import { loginAs, type ApiClient, type DemoAccount } from './http';
import type { TestApp } from './app';

export const PHARMACY_PATIENT = { firstName: 'Matti', lastName: 'Meikäläinen', hetu: '121212-913Y' };

/** Signs a pharmacy user in and selects their first office. */
export async function pharmacistAtOffice(app: TestApp, who: Extract<DemoAccount, 'pharmacy' | 'pharmacyAdmin' | 'kyla'>): Promise<{ client: ApiClient; office: PharmacyOffice }> {
  const client = await loginAs(app, who);
  const [office] = (await client.get<PharmacyOffice[]>('/users-offices')).body;
  const res = await client.patch(`/selected-office/${office.id}`);
  if (res.status !== 200) throw new Error(`selecting office ${office.id} failed: ${res.status}`);
  return { client, office };
}

/**
 * Builds a cart of renewals (products found by the start of their name) for `patient`,
 * chooses the option and sends it; returns the order id. Throws on any refused step.
 */
export async function sendPharmacyOrder(
  client: ApiClient,
  productNames: string[],
  { option = 'delivery-20-min', patient = PHARMACY_PATIENT }: { option?: DeliveryOptionId; patient?: typeof PHARMACY_PATIENT } = {},
): Promise<number> {
  const expectOk = (step: string, res: { status: number; body: unknown }) => {
    if (res.status !== 200) throw new Error(`${step} failed: ${res.status} ${JSON.stringify(res.body)}`);
  };
  const products = (await client.get<Product[]>('/products')).body;
  expectOk('patient-info', await client.post('/patient-info', patient));
  for (const name of productNames) {
    const product = products.find((p) => p.displayName.startsWith(name));
    if (!product) throw new Error(`no product ${name}`);
    expectOk(`adding ${name}`, await client.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: product.productId, reason: '' }));
  }
  expectOk('delivery option', await client.post('/pharmacy-shopping-cart/delivery-option', { id: option }));
  const sent = await client.post<{ orderId: number }>('/pharmacy-shopping-cart/send');
  expectOk('send', sent);
  return sent.body.orderId;
}
