import { BadRequestException } from '@nestjs/common';
import {
  MESSAGES,
  PHARMACY_MESSAGES,
  handlingPriceCents,
  normalizeHetu,
  pharmacyDeadline,
  validateHetu,
  type DeliveryOptionId,
  type Patient,
} from '@resepti/domain';
import { productDisplayName } from '../catalogue/catalogue.service.js';
import type { Product } from '../catalogue/product.entity.js';
import type { NewOrder } from './new-order.js';
import type { PharmacyOffice } from '../accounts/pharmacy-office.entity.js';

/**
 * The one statement of what a pharmacy may order for a patient, used by the workbench's send and
 * by the integrators' POST /api/v1/orders alike: a patient with a valid hetu (check character
 * included) and both names, medicines that are available and renewable, and the order's
 * deadline, handling price and items from libs/domain's rules. Failures are 400s in Finnish.
 */

/** The patient as typed or stored: hetu normalised and checked, names trimmed and required. */
export function orderPatient(input: { firstName: string; lastName: string; hetu: string }): Patient {
  const hetu = normalizeHetu(input.hetu);
  if (validateHetu(hetu)) throw new BadRequestException(MESSAGES.hetuInvalid);
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (!firstName || !lastName) throw new BadRequestException(PHARMACY_MESSAGES.patientMissing);
  return { firstName, lastName, hetu };
}

export interface PharmacyOrderLine {
  productId: number;
  /** The catalogue's row, what an order needs of it (null: no such medicine). */
  product: OrderedProduct | null | undefined;
  reason: string;
}

/** What an order reads of a catalogue row. */
export type OrderedProduct = Pick<Product, 'id' | 'name' | 'strength' | 'form' | 'available' | 'renewable'>;

export interface PharmacyOrderInput {
  office: Pick<PharmacyOffice, 'id' | 'pharmacyId' | 'pharmacy'>;
  /** The pharmacist's user id (null: an integrator's system), and the name the doctor sees. */
  pharmacyUserId: number | null;
  pharmacist: string;
  patient: Patient;
  deliveryOption: DeliveryOptionId;
  lines: PharmacyOrderLine[];
  now: Date;
}

/** The order to place: 400 when a medicine is missing, unavailable or not renewable, or when there is none. */
export function pharmacyOrder(input: PharmacyOrderInput): NewOrder {
  if (input.lines.length === 0) throw new BadRequestException(PHARMACY_MESSAGES.cartEmpty);
  for (const line of input.lines) {
    if (!line.product?.available) throw new BadRequestException(`${PHARMACY_MESSAGES.productNotFound}: ${line.product ? productDisplayName(line.product) : line.productId}`);
    if (!line.product.renewable) throw new BadRequestException(PHARMACY_MESSAGES.productNotRenewable);
  }
  return {
    source: 'pharmacy',
    pharmacyId: input.office.pharmacyId,
    officeId: input.office.id,
    pharmacyUserId: input.pharmacyUserId,
    pharmacyData: { pharmacy: input.office.pharmacy?.name ?? '', pharmacyPhone: input.office.pharmacy?.phone ?? '', pharmacist: input.pharmacist },
    patient: input.patient,
    deliveryOptionId: input.deliveryOption,
    deliveryBeforeTime: pharmacyDeadline(input.deliveryOption, input.now),
    priceCents: handlingPriceCents(input.deliveryOption, input.lines.length),
    items: input.lines.map(({ product, reason }) => ({
      type: 'renewal' as const,
      productId: product!.id,
      displayName: productDisplayName(product!),
      format: product!.form,
      reason: reason.trim(),
      // The pharmacy pays the handling fee on the order; the medicines themselves are not charged here.
      priceCents: 0,
    })),
  };
}
