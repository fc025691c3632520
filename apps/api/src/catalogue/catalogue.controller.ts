import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Optional } from '../platform/http/optional.js';
import type { Product } from '@resepti/domain';
import { Roles } from '../platform/http/roles.decorator.js';
import { CatalogueService, MAX_ALTERNATIVES_OF } from './catalogue.service.js';
import { WebProductSchema } from '../platform/http/web-api-schemas.js';

export class ProductSearchQueryDto {
  @ApiPropertyOptional({
    description: 'The start of any name of a medicine with its strength: the brand, or the active ingredient in Finnish, Swedish or English; case, accents and a space before the unit ignored',
    example: 'atorvastatin 20',
  })
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

const PRODUCT_IDS = new RegExp(`^[1-9]\\d{0,9}(,[1-9]\\d{0,9}){0,${MAX_ALTERNATIVES_OF - 1}}$`);

export class ProductAlternativesQueryDto {
  @ApiProperty({ description: `Product ids separated by commas (at most ${MAX_ALTERNATIVES_OF}): the packages not on sale that the search found`, example: '44' })
  @IsString({ message: `of: tuotteiden tunnisteet pilkuin erotettuina (enintään ${MAX_ALTERNATIVES_OF})` })
  @Matches(PRODUCT_IDS, { message: `of: tuotteiden tunnisteet pilkuin erotettuina (enintään ${MAX_ALTERNATIVES_OF})` })
  of!: string;
}

@ApiTags('catalogue')
@Controller()
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueService) {}

  /** The available medicines for every signed-in user; with `q` the chats' search, which also finds those not on sale. */
  @Get('products')
  @Roles('customer', 'doctor', 'pharmacy')
  @ApiOkResponse({
    type: [WebProductSchema],
    description:
      'Products sorted by name, form, strength: {productId, displayName, format, renewable, available}[]. Without q every available product; ' +
      'with q those whose brand or active ingredient (in Finnish, Swedish or English), each with the strength, starts with it, ' +
      'including packages not on sale now (available: false: they cannot be ordered; GET /products/alternatives names the ones on sale)',
  })
  @ApiOperation({ summary: 'Available medicines, or a search by every name' })
  async products(@Query() query: ProductSearchQueryDto): Promise<Product[]> {
    const found = await this.catalogue.search(query.q, { withUnavailable: true });
    return query.limit === undefined ? found : found.slice(0, query.limit);
  }

  /** What the chats offer instead of a medicine not on sale. */
  @Get('products/alternatives')
  @Roles('customer', 'doctor', 'pharmacy')
  @ApiOkResponse({ type: [WebProductSchema], description: 'The available products of the same ATC code (the same active ingredient) as the given ones, sorted by name, form, strength; [] when there are none' })
  @ApiOperation({ summary: 'Available alternatives of packages not on sale' })
  alternatives(@Query() query: ProductAlternativesQueryDto): Promise<Product[]> {
    return this.catalogue.alternatives([...new Set(query.of.split(',').map(Number))]);
  }
}
