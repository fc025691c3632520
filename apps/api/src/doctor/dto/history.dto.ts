import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { OptionalOrNull } from '../../platform/http/optional.js';
import { HISTORY_FILTER_MAX, HISTORY_PAGE_SIZE, HISTORY_SORT_ORDERS, type HistorySortOrder } from '@resepti/domain';

export class HistoryRequestDto {
  @ApiPropertyOptional({ description: "Matches the patient's first name, last name or hetu (case-insensitive; every word must match).", maxLength: HISTORY_FILTER_MAX })
  @OptionalOrNull()
  @IsString({ message: 'Hakuehdon pitää olla tekstiä.' })
  @MaxLength(HISTORY_FILTER_MAX, { message: `Hakuehto on liian pitkä (enintään ${HISTORY_FILTER_MAX} merkkiä).` })
  filter?: string | null;
  @ApiPropertyOptional({ enum: HISTORY_SORT_ORDERS, default: 'newest' })
  @OptionalOrNull()
  @IsIn(HISTORY_SORT_ORDERS as HistorySortOrder[], { message: 'Järjestyksen pitää olla newest, oldest, name-asc tai name-desc.' })
  sortOrder?: HistorySortOrder | null;
  @ApiPropertyOptional({
    default: HISTORY_PAGE_SIZE,
    minimum: 1,
    description: `The END of the requested page, page size ${HISTORY_PAGE_SIZE} (SPEC: "initial offset 30"): offset 30 returns rows 0–29, offset 60 rows 30–59. Values below ${HISTORY_PAGE_SIZE} mean the first page.`,
  })
  @OptionalOrNull()
  @IsInt({ message: 'offset pitää olla kokonaisluku.' })
  @Min(1, { message: 'offset pitää olla vähintään 1.' })
  @Max(10_000_000, { message: 'offset on liian suuri.' })
  offset?: number | null;
}
