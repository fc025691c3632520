import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { Optional } from '../../platform/http/optional.js';
import { PHARMACY_ACTIVE_MAX_LIMIT, PHARMACY_HISTORY_MAX_PAGE_SIZE, PHARMACY_HISTORY_PAGE_SIZE } from '@resepti/domain';

/** GET /pharmacy-order-history/history?offset=&limit= */
export class OrderHistoryQueryDto {
  @ApiPropertyOptional({ description: 'How many of the newest orders to skip', default: 0, minimum: 0 })
  @Optional()
  @Type(() => Number)
  @IsInt({ message: 'offset on kokonaisluku' })
  @Min(0, { message: 'offset ei voi olla negatiivinen' })
  offset?: number;
  @ApiPropertyOptional({ description: 'Page size', default: PHARMACY_HISTORY_PAGE_SIZE, minimum: 1, maximum: PHARMACY_HISTORY_MAX_PAGE_SIZE })
  @Optional()
  @Type(() => Number)
  @IsInt({ message: 'limit on kokonaisluku' })
  @Min(1, { message: 'limit on vähintään 1' })
  @Max(PHARMACY_HISTORY_MAX_PAGE_SIZE, { message: `limit on enintään ${PHARMACY_HISTORY_MAX_PAGE_SIZE}` })
  limit?: number;
}

/** GET /pharmacy-order-history/active?limit= */
export class ActiveOrdersQueryDto {
  @ApiPropertyOptional({ description: 'How many of the newest cards', default: PHARMACY_HISTORY_PAGE_SIZE, minimum: 1, maximum: PHARMACY_ACTIVE_MAX_LIMIT })
  @Optional()
  @Type(() => Number)
  @IsInt({ message: 'limit on kokonaisluku' })
  @Min(1, { message: 'limit on vähintään 1' })
  @Max(PHARMACY_ACTIVE_MAX_LIMIT, { message: `limit on enintään ${PHARMACY_ACTIVE_MAX_LIMIT}` })
  limit?: number;
}
