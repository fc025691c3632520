import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse } from '@nestjs/swagger';
import type { ApiClient } from '../api-clients/api-client.entity.js';
import { CurrentClient, IntegratorApi } from '../api-clients/integrator-access.js';
import { IDEMPOTENT_REPLAYED_HEADER, Idempotent } from './idempotent.js';
import { Operation } from './integrator.controller.js';
import { SandboxTriggerDto, SandboxTriggerResultSchema, SandboxTriggers } from './sandbox-triggers.js';

/** The sandbox's own operations (a live client is 403 there). */
@Controller('api/v1/sandbox')
@IntegratorApi()
export class SandboxTriggersController {
  constructor(private readonly triggers: SandboxTriggers) {}

  @Post('triggers')
  @Operation(
    'createSandboxTrigger',
    'Make a test event happen (sandbox only)',
    'A sandbox client’s events that the simulated doctor never causes by itself, through the same lifecycle, webhooks and events list as real ones: ' +
      '`order.released` (its waiting or processing sandbox order is put back in the queue; a waiting one is picked first, so `order.processing` comes before it; then the simulated doctor takes it on again), ' +
      '`order.e-prescription` (its delivered sandbox order with an approved item: the event for the first approved item; in the sandbox `ePrescription` stays null, nothing goes to Kanta) and ' +
      '`notice.published` (a test notice, `id` 0, to this client’s endpoints and events list alone). ' +
      'A live client is 403 `sandbox_only`; another client’s or a real order is 404; an order in another state is 409 `sandbox_trigger_state`.',
    400,
    403,
    404,
    409,
    413,
    415,
  )
  @HttpCode(202)
  @Idempotent()
  @ApiAcceptedResponse({ type: SandboxTriggerResultSchema, description: 'The event, written (its deliveries queued); a repeated Idempotency-Key: the first answer again.', headers: IDEMPOTENT_REPLAYED_HEADER })
  trigger(@CurrentClient() client: ApiClient, @Body() body: SandboxTriggerDto): Promise<SandboxTriggerResultSchema> {
    return this.triggers.trigger(client, body);
  }
}
