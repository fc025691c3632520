import { BadRequestException, ForbiddenException, Injectable } from '@nestjs/common';
import { PRESCRIBING_MESSAGES, type DoctorPrescription, type PrescribedMedication } from '@resepti/domain';
import type { SessionUser } from '../platform/http/session-user.js';
import type { PrescribedProductRow } from '../catalogue/product-sql.js';
import { OrderLifecycleService } from '../orders/order-lifecycle.service.js';
import type { Prescription } from '../orders/lifecycle-statements.js';
import { OrderReads, type ApprovalTarget } from '../orders/order-reads.service.js';
import { CentreHistory, prescriptionsOfMedicine } from './centre-history.service.js';
import type { ProcessItemDto } from './dto/process-item.dto.js';

const medicationOf = (product: PrescribedProductRow): PrescribedMedication => ({
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
    private readonly reads: OrderReads,
    private readonly centre: CentreHistory,
  ) {}

  async decide(actor: SessionUser, itemId: number, body: ProcessItemDto): Promise<DoctorPrescription> {
    if (body.decision !== 'approved') return this.lifecycle.decideItem(actor, itemId, body.decision, body.reasonForDecision);
    // The item in the doctor's held order, the doctor's register number and the product, in one read.
    const target = await this.reads.approvalTarget(actor.id, itemId, body.productId ?? null);
    // Not in the doctor's held order: the lifecycle answers why (404, 403) and writes nothing.
    if (!target) return this.lifecycle.decideItem(actor, itemId, body.decision, body.reasonForDecision);
    if (!target.registerNumber) throw new ForbiddenException(PRESCRIBING_MESSAGES.registerNumberMissing);
    const prescription = target.type === 'renewal' && target.productId !== null ? await this.renewal(actor, target, body) : this.newPrescription(target, body);
    return this.lifecycle.decideItem(actor, itemId, body.decision, body.reasonForDecision, prescription);
  }

  private async renewal(actor: SessionUser, target: ApprovalTarget, body: ProcessItemDto): Promise<Prescription> {
    const { product } = target;
    if (!product) throw new BadRequestException(PRESCRIBING_MESSAGES.productNotPrescribable);
    const history = await this.centre.of(actor, { hetu: target.patientHetu, orderId: target.orderId });
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

  /** A new prescription of the product asked for: available, prescribable, with a dosage and the packages. */
  private newPrescription({ product }: ApprovalTarget, body: ProcessItemDto): Prescription {
    if (body.productId === undefined) throw new BadRequestException(PRESCRIBING_MESSAGES.productRequired);
    if (!product?.available || !product.renewable) throw new BadRequestException(PRESCRIBING_MESSAGES.productNotPrescribable);
    const dosageInstruction = body.dosageInstruction?.trim() ?? '';
    if (dosageInstruction === '') throw new BadRequestException(PRESCRIBING_MESSAGES.dosageRequired);
    if (body.packages === undefined) throw new BadRequestException(PRESCRIBING_MESSAGES.packagesInvalid);
    return { productId: product.id, medication: medicationOf(product), dosageInstruction, packages: body.packages, priorPrescriptionId: null };
  }
}
