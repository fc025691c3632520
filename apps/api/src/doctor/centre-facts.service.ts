import { Injectable } from '@nestjs/common';
import { usualAtcOf, type CentrePrescriptions, type CentrePrescriptionFacts } from '@resepti/domain';
import type { SessionUser } from '../platform/http/session-user.js';
import { CatalogueService } from '../catalogue/catalogue.service.js';
import { OrderQueueService } from '../orders/order-queue.service.js';
import { OrderReads } from '../orders/order-reads.service.js';
import { CentreHistory, prescriptionsOfAtcPrefixes, prescriptionsOfMedicine, type RatedPrescription } from './centre-history.service.js';

const factsOf = (p: RatedPrescription): CentrePrescriptionFacts => ({
  id: p.id,
  authoredOn: p.authoredOn.slice(0, 10),
  prescriber: p.prescriber,
  medicationName: p.medication.name,
  atcCode: p.medication.atcCode,
  vnr: p.medication.vnr,
  dosageInstruction: p.dosageInstruction,
  validUntil: p.validUntil.slice(0, 10),
  dispensed: p.dispensed,
  renewableUntil: p.renewal.renewableUntil,
  renewable: p.renewal.renewable,
  reasons: p.renewal.reasons,
});

/**
 * GET /order/centre-prescriptions: for the doctor's held order, item by item, the patient's
 * prescriptions of that medicine in the Centre with the renewal rules' flags (a new-prescription
 * request: those of its topic's usual medicines, and the catalogue's usual choices to prescribe).
 * Fetched when the order view opens, so the pick never waits for the Centre; one Centre read, audited.
 */
@Injectable()
export class CentreFacts {
  constructor(
    private readonly queue: OrderQueueService,
    private readonly reads: OrderReads,
    private readonly catalogue: CatalogueService,
    private readonly centre: CentreHistory,
  ) {}

  /** The facts of the doctor's held order, or null when the doctor holds none. */
  async ofHeldOrder(actor: SessionUser): Promise<CentrePrescriptions | null> {
    const held = await this.queue.heldOrderId(actor.id);
    const loaded = held === null ? null : await this.reads.one({ kind: 'doctor', doctorId: actor.id }, held);
    if (!loaded) return null;
    const { order } = loaded;
    const history = await this.centre.of(actor, { hetu: order.patientHetu, orderId: order.id });
    const productIds = order.items.flatMap((i) => (i.type === 'renewal' && i.productId !== null ? [i.productId] : []));
    const products = new Map((productIds.length ? await this.catalogue.byIds(productIds) : []).map((p) => [p.id, p]));
    const today = new Date();
    const items = await Promise.all(
      [...order.items]
        .sort((a, b) => a.id - b.id)
        .map(async (item) => {
          const product = item.productId !== null ? products.get(item.productId) : undefined;
          const usualAtc = item.type === 'renewal' ? [] : usualAtcOf(item.medicalProblem);
          const rated = !history
            ? []
            : product
              ? prescriptionsOfMedicine(history, product, today)
              : prescriptionsOfAtcPrefixes(history, usualAtc, today);
          return {
            itemId: item.id,
            prescriptions: rated.map(factsOf),
            previousDosage: product ? (rated[0]?.dosageInstruction ?? null) : null,
            renewsPrescriptionId: product ? (rated.find((p) => p.renewal.renewable)?.id ?? null) : null,
            usualProducts: await this.catalogue.prescribableByAtc(usualAtc),
          };
        }),
    );
    return { orderId: order.id, centreAvailable: history !== null, items };
  }
}
