import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Optional } from '../platform/http/optional.js';
import type { Product } from '@resepti/domain';
import { Roles } from '../platform/http/roles.decorator.js';
import { CatalogueService } from './catalogue.service.js';
import { WebProductSchema } from '../platform/http/web-api-schemas.js';

export class ProductSearchQueryDto {
  @ApiPropertyOptional({ description: 'The start of a brand name (with strength) or of an active ingredient; case and accents ignored', example: 'atorvastatiini' })
  @Optional()
  @IsString({ message: 'q: tekstiä' })
  @MaxLength(200, { message: 'q on enintään 200 merkkiä' })
  q?: string;

  @ApiPropertyOptional({ description: 'At most this many products (all without it)', minimum: 1, maximum: 200 })
  @Optional()
  @Type(() => Number)
  @IsInt({ message: 'limit on kokonaisluku' })
  @Min(1, { message: 'limit on vähintään 1' })
  @Max(200, { message: 'limit on enintään 200' })
  limit?: number;
}

@ApiTags('catalogue')
@Controller()
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueService) {}

  /** The available medicines for every signed-in user (the chats' search with `q`). */
  @Get('products')
  @Roles('customer', 'doctor', 'pharmacy')
  @ApiOkResponse({ type: [WebProductSchema], description: 'Available products sorted by name, form, strength: {productId, displayName, format, renewable}[]; with q only those whose brand or active ingredient starts with it' })
  @ApiOperation({ summary: 'Available medicines, optionally searched' })
  async products(@Query() query: ProductSearchQueryDto): Promise<Product[]> {
    const found = await this.catalogue.availableProducts(query.q);
    return query.limit === undefined ? found : found.slice(0, query.limit);
  }
}
