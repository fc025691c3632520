import { ApiPropertyOptional } from '@nestjs/swagger';
import { ApiShape } from '../../platform/http/api-shape.js';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { Optional } from '../../platform/http/optional.js';
import { DECISIONS, DOCTOR_MESSAGES, type Decision } from '@resepti/domain';

@ApiShape()
export class ProcessItemDto {
  /** 'undecided' undoes the decision (reason emptied, coupon removed). */
  @IsIn(DECISIONS as Decision[], { message: DOCTOR_MESSAGES.invalidDecision })
  decision!: Decision;
  @ApiPropertyOptional({ description: 'Mandatory (non-blank) when rejecting; optional when approving.', maxLength: 2000 })
  @Optional()
  @IsString({ message: 'Perustelun pitää olla tekstiä.' })
  @MaxLength(2000, { message: 'Perustelu on liian pitkä (enintään 2000 merkkiä).' })
  reasonForDecision?: string;
}
