import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ProviderDetails } from '../platform/config/provider.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { Public } from '../platform/http/roles.decorator.js';
import { ProviderSchema } from '../platform/http/web-api-schemas.js';

/** Who provides the service: the landing page's trust sections, the footer and the accessibility statement show it to anyone. */
@ApiTags('public')
@Controller()
export class ProviderController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('provider')
  @Public()
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOkResponse({ type: ProviderSchema, description: "{name, businessId, address, customerServicePhone, responsiblePhysician, registration}: the deployment's settings (PROVIDER_NAME …)." })
  @ApiOperation({ summary: "The service provider's details" })
  details(): ProviderDetails {
    return this.config.provider;
  }
}
