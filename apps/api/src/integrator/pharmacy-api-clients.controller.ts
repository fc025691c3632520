import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiClientView } from '@resepti/domain';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { Roles } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { IdParam } from '../platform/http/request-input.js';
import { ApiClientsService, toApiClientView } from '../api-clients/api-clients.service.js';
import { WebhookOutbox } from './webhook-outbox.service.js';
import { ApiClientSchema } from './api-client-schemas.js';

/** /adminapteekki: the pharmacy admin sees the pharmacy's integrator clients and can revoke one at once. */
@ApiTags('pharmacy')
@Controller('pharmacy-api-clients')
@Roles('pharmacyAdmin')
export class PharmacyApiClientsController {
  constructor(
    private readonly clients: ApiClientsService,
    private readonly webhooks: WebhookOutbox,
  ) {}

  @Get()
  @ApiOkResponse({ type: [ApiClientSchema], description: "The pharmacy's API clients (pharmacy systems), revoked ones included; `sandbox`: its orders are decided by the simulated doctor" })
  @ApiOperation({ summary: "The pharmacy's API clients" })
  async list(@CurrentUser() user: SessionUser): Promise<ApiClientView[]> {
    return (await this.clients.listForPharmacy(user.pharmacyId!)).map(toApiClientView);
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @ApiOkResponse({ type: ApiClientSchema, description: 'Revoked: its tokens stop working at once' })
  @ApiNotFoundResponse({ description: "Not this pharmacy's client" })
  @ApiOperation({ summary: 'Revoke an API client' })
  async revoke(@CurrentUser() user: SessionUser, @IdParam() id: number): Promise<ApiClientView> {
    return toApiClientView(await this.clients.revoke(user, id, user.pharmacyId, (clientId) => this.webhooks.cancelPendingOf(clientId)));
  }
}
