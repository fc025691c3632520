import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import { INTEGRATOR_MESSAGES as M, REQUEST_MESSAGES, SANDBOX_TRIGGER_TYPES, type PharmacyNotice, type SandboxTriggerType } from '@resepti/domain';
import { ApiShape } from '../platform/http/api-shape.js';
import { Optional } from '../platform/http/optional.js';
import { fieldRefusal } from '../platform/http/validation.js';
import { AuditService } from '../platform/audit/audit.service.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import { OrderLifecycleService } from '../orders/order-lifecycle.service.js';
import type { Order } from '../orders/order.entity.js';
import type { ApiClient } from '../api-clients/api-client.entity.js';
import { IntegratorOrdersService } from './integrator-orders.service.js';
import { WebhookOutbox } from './webhook-outbox.service.js';
import { ApiEvent } from './webhook.entity.js';

@ApiShape('SandboxTriggerRequest')
export class SandboxTriggerDto {
  @ApiProperty({ enum: SANDBOX_TRIGGER_TYPES, description: 'The event to make happen.', example: 'order.released' })
  @IsIn(SANDBOX_TRIGGER_TYPES, { message: M.sandboxTriggerTypeInvalid })
  type!: SandboxTriggerType;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 2147483647, description: 'The sandbox order (required for the `order.*` types).', example: 42 })
  @Optional()
  @Min(1, { message: REQUEST_MESSAGES.idInvalid })
  @Max(2_147_483_647, { message: REQUEST_MESSAGES.idInvalid })
  // Checked first (bottom-up): `"42"` is a type error.
  @IsInt({ message: M.integerRequired })
  orderId?: number;
}

@ApiShape('SandboxTriggerResult')
export class SandboxTriggerResultSchema {
  @ApiProperty({ enum: SANDBOX_TRIGGER_TYPES, example: 'order.released' })
  type!: SandboxTriggerType;
  @ApiProperty({ pattern: '^evt_[A-Za-z0-9_-]+$', description: 'The event’s `id`: its deliveries and GET /api/v1/events carry it.', example: 'evt_wuzdkgtJfMPzYa3wqmwhMQ' })
  eventId!: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The order of an `order.*` event; null for a notice.', example: 42 })
  orderId!: number | null;
}

/**
 * The notice a sandbox trigger publishes: no notice of the doctors (id 0), to the one client that
 * asked. Finnish, as the doctors' notices are.
 */
export const SANDBOX_NOTICE: PharmacyNotice = {
  id: 0,
  header: 'Testiympäristön tiedote (sandbox)',
  additionalDetails: 'Testiympäristön laukaisema tiedote: se ei ole lääkäreiden tiedote eikä näy muille.',
  status: 'published',
};

/**
 * POST /api/v1/sandbox/triggers: a sandbox client makes the events happen that the simulated
 * doctor never causes by itself, on its own sandbox orders only, through the same lifecycle,
 * outbox and events log as real ones (so the deliveries and GET /api/v1/events are the real thing).
 * A real order, a doctor's screen, the doctors' notices and other clients never see any of it.
 */
@Injectable()
export class SandboxTriggers {
  constructor(
    private readonly orders: IntegratorOrdersService,
    private readonly lifecycle: OrderLifecycleService,
    private readonly outbox: WebhookOutbox,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
    @InjectOwn(ApiEvent) private readonly events: OwnRepository<ApiEvent>,
  ) {}

  async trigger(client: ApiClient, { type, orderId }: SandboxTriggerDto): Promise<SandboxTriggerResultSchema> {
    if (!client.sandbox) throw new ForbiddenException(M.sandboxOnly);
    const actor = { role: 'integrator' as const, id: client.id };
    return this.transactions.run(async () => {
      if (type === 'notice.published') {
        const eventId = await this.outbox.queueClientNotice(client.id, SANDBOX_NOTICE);
        await this.audit.record(actor, { action: 'sandbox.trigger', subject: `api_client:${client.id}`, details: { type, eventId } });
        return { type, eventId, orderId: null };
      }
      if (orderId === undefined) throw fieldRefusal(M.sandboxTriggerOrderRequired, ['orderId']);
      // Scoped as every read of the client: its pharmacy, its offices, sandbox orders only.
      const order = await this.orders.find(client, orderId);
      if (!order) throw new NotFoundException(M.orderNotFound);
      if (type === 'order.released') await this.release(client, orderId, order.deliveryStatus);
      else {
        const approved = order.prescriptions.find((p) => p.decision === 'approved');
        if (order.deliveryStatus !== 'delivered' || !approved) throw new ConflictException(M.sandboxTriggerState);
        await this.lifecycle.ePrescriptionChanged(actor, orderId, approved.id, { action: 'sandbox.trigger', subject: `order_item:${approved.id}`, details: { type } });
      }
      const eventId = await this.latestEventId(client, type, orderId);
      if (type === 'order.released') await this.audit.record(actor, { action: 'sandbox.trigger', orderId, subject: `api_client:${client.id}`, details: { type, eventId } });
      return { type, eventId, orderId };
    });
  }

  /**
   * A waiting order is picked first (order.processing), as a doctor must hold an order to put it
   * back; then released (order.released). It is waiting again, so the simulated doctor takes it
   * on as it would any overdue order.
   */
  private async release(client: ApiClient, orderId: number, status: string): Promise<void> {
    const isClients = (o: Order) => o.pharmacyId === client.pharmacyId && (client.officeIds.length === 0 || (o.officeId !== null && client.officeIds.includes(o.officeId)));
    if (status === 'waiting') {
      try {
        await this.lifecycle.sandboxMove(orderId, 'pick', isClients);
      } catch (err) {
        // The simulated doctor picked it meanwhile: release that pick.
        if (!(err instanceof ConflictException)) throw err;
      }
    }
    await this.lifecycle.sandboxMove(orderId, 'release', isClients);
  }

  /** The event the trigger's change wrote (its outbox listener did, in the change's transaction). */
  private async latestEventId(client: ApiClient, type: SandboxTriggerType, orderId: number): Promise<string> {
    const [row] = await this.events.query<{ event_id: string }>(
      `SELECT event_id FROM api_event WHERE type = $1 AND sandbox AND pharmacy_id = $2 AND payload #>> '{data,object,orderId}' = $3 ORDER BY id DESC LIMIT 1`,
      [type, client.pharmacyId, String(orderId)],
    );
    return row.event_id;
  }
}
