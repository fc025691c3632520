import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Product } from '@resepti/domain';
import { Roles } from '../auth/roles.decorator.js';
import { CatalogueService } from './catalogue.service.js';

@ApiTags('catalogue')
@Controller()
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueService) {}

  /** The available medicines for every signed-in user. */
  @Get('products')
  @Roles('customer', 'doctor', 'pharmacy')
  @ApiOkResponse({ description: 'Available products sorted by name, form, strength: {productId, displayName, format}[]' })
  products(): Promise<Product[]> {
    return this.catalogue.availableProducts();
  }
}
