import { BadRequestException, ForbiddenException, Injectable } from '@nestjs/common';
import { PRESCRIBING_MESSAGES, type DoctorPrescription, type PrescribedMedication } from '@resepti/domain';
import type { SessionUser } from '../platform/http/session-user.js';
import { CatalogueService } from '../catalogue/catalogue.service.js';
import type { Product } from '../catalogue/product.entity.js';
import { OrderLifecycleService } from '../orders/order-lifecycle.service.js';
import type { Prescription } from '../orders/lifecycle-statements.js';
import type { OrderItem } from '../orders/order-item.entity.js';
import { OrderQueueService } from '../orders/order-queue.service.js';
import { OrderReads } from '../orders/order-reads.service.js';
import { CentreHistory, prescriptionsOfMedicine } from './centre-history.service.js';
import { DoctorService } from './doctor.service.js';
import type { ProcessItemDto } from './dto/process-item.dto.js';

const medicationOf = (product: Product): PrescribedMedication => ({
  name: product.name,
  strength: product.strength,
  form: product.form,
  packageSize: product.packageSize,
  vnr: product.vnr,
  atcCode: product.atcCode,
});

/**
 * A doctor's decision on one item, with what an approval prescribes (issues 41 and 45): the
 * prescriber must have a Valvira register number; a renewal prescribes its own product, its dosage
 * defaulting to the previous Centre prescription's of that medicine and renewing the one the rules
 * allow; a new-prescription request needs a prescribable product, a dosage and the packages. The
 * Centre is read before the decision's transaction (never under the order's lock), and an
 * unreachable Centre only means the dosage must be typed. Any other decision clears what was prescribed.
 */
@Injectable()
export class Prescribing {
  constructor(
    private readonly lifecycle: OrderLifecycleService,
    private readonly queue: OrderQueueService,
    private readonly reads: OrderReads,
    private readonly catalogue: CatalogueService,
    private readonly centre: CentreHistory,
    private readonly doctors: DoctorService,
  ) {}

  async decide(actor: SessionUser, itemId: number, body: ProcessItemDto): Promise<DoctorPrescription> {
    if (body.decision !== 'approved') return this.lifecycle.decideItem(actor, itemId, body.decision, body.reasonForDecision);
    const target = await this.heldItem(actor, itemId);
    // Not in the doctor's held order: the lifecycle answers why (404, 403) and writes nothing.
    if (!target) return this.lifecycle.decideItem(actor, itemId, body.decision, body.reasonForDecision);
    if (!(await this.doctors.registerNumberOf(actor.id))) throw new ForbiddenException(PRESCRIBING_MESSAGES.registerNumberMissing);
    const prescription = target.item.type === 'renewal' && target.item.productId !== null ? await this.renewal(actor, target, body) : await this.newPrescription(body);
    return this.lifecycle.decideItem(actor, itemId, body.decision, body.reasonForDecision, prescription);
  }

  /** The item in the doctor's held order, with its patient, or null. */
  private async heldItem(actor: SessionUser, itemId: number): Promise<{ item: OrderItem; hetu: string; orderId: number } | null> {
    const held = await this.queue.heldOrderId(actor.id);
    if (held === null) return null;
    const loaded = await this.reads.one({ kind: 'doctor', doctorId: actor.id }, held);
    const item = loaded?.order.items.find((i) => i.id === itemId);
    return item && loaded ? { item, hetu: loaded.order.patientHetu, orderId: loaded.order.id } : null;
  }

  private async renewal(actor: SessionUser, target: { item: OrderItem; hetu: string; orderId: number }, body: ProcessItemDto): Promise<Prescription> {
    const [product] = await this.catalogue.byIds([target.item.productId!]);
    if (!product) throw new BadRequestException(PRESCRIBING_MESSAGES.productNotPrescribable);
    const history = await this.centre.of(actor, { hetu: target.hetu, orderId: target.orderId });
    const previous = history ? prescriptionsOfMedicine(history, product, new Date()) : [];
    const dosageInstruction = body.dosageInstruction?.trim() || previous[0]?.dosageInstruction.trim() || '';
    if (dosageInstruction === '') throw new BadRequestException(history ? PRESCRIBING_MESSAGES.dosageNoPrevious : PRESCRIBING_MESSAGES.centreUnavailable);
    return {
      productId: product.id,
      medication: medicationOf(product),
      dosageInstruction,
      packages: body.packages ?? 1,
      priorPrescriptionId: previous.find((p) => p.renewal.renewable)?.id ?? null,
    };
  }

  private async newPrescription(body: ProcessItemDto): Promise<Prescription> {
    if (body.productId === undefined) throw new BadRequestException(PRESCRIBING_MESSAGES.productRequired);
    const product = await this.catalogue.findAvailable(body.productId);
    if (!product?.renewable) throw new BadRequestException(PRESCRIBING_MESSAGES.productNotPrescribable);
    const dosageInstruction = body.dosageInstruction?.trim() ?? '';
    if (dosageInstruction === '') throw new BadRequestException(PRESCRIBING_MESSAGES.dosageRequired);
    if (body.packages === undefined) throw new BadRequestException(PRESCRIBING_MESSAGES.packagesInvalid);
    return { productId: product.id, medication: medicationOf(product), dosageInstruction, packages: body.packages, priorPrescriptionId: null };
  }
}
