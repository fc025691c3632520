import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { Optional } from '../../platform/http/optional.js';
import { DECISIONS, DOCTOR_MESSAGES, type Decision, type ProcessItemRequest } from '@resepti/domain';

export class ProcessItemDto implements ProcessItemRequest {
  @ApiProperty({ enum: DECISIONS, description: "'undecided' undoes the decision (reason emptied, coupon removed)." })
  @IsIn(DECISIONS as Decision[], { message: DOCTOR_MESSAGES.invalidDecision })
  decision!: Decision;

  @ApiPropertyOptional({ description: 'Mandatory (non-blank) when rejecting; optional when approving.', maxLength: 2000 })
  @Optional()
  @IsString({ message: 'Perustelun pitää olla tekstiä.' })
  @MaxLength(2000, { message: 'Perustelu on liian pitkä (enintään 2000 merkkiä).' })
  reasonForDecision?: string;
}
