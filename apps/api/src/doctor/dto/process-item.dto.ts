import { ApiPropertyOptional } from '@nestjs/swagger';
import { ApiShape } from '../../platform/http/api-shape.js';
import { IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Optional } from '../../platform/http/optional.js';
import { DECISIONS, DOCTOR_MESSAGES, DOSAGE_MAX_LENGTH, PACKAGES_MAX, PACKAGES_MIN, PRESCRIBING_MESSAGES, type Decision } from '@resepti/domain';

@ApiShape()
export class ProcessItemDto {
  /** 'undecided' undoes the decision (reason emptied, coupon removed, what was prescribed cleared). */
  @IsIn(DECISIONS as Decision[], { message: DOCTOR_MESSAGES.invalidDecision })
  decision!: Decision;
  @ApiPropertyOptional({ description: 'Mandatory (non-blank) when rejecting; optional when approving.', maxLength: 2000 })
  @Optional()
  @IsString({ message: 'Perustelun pitää olla tekstiä.' })
  @MaxLength(2000, { message: 'Perustelu on liian pitkä (enintään 2000 merkkiä).' })
  reasonForDecision?: string;
  @ApiPropertyOptional({
    description:
      "Approval: the dosage instructions (annosteluohje). A renewal's defaults to the previous Centre prescription's dosage of the medicine; a new prescription needs it.",
    maxLength: DOSAGE_MAX_LENGTH,
    example: '1 tabletti kerran päivässä',
  })
  @Optional()
  @IsString({ message: PRESCRIBING_MESSAGES.dosageRequired })
  @MaxLength(DOSAGE_MAX_LENGTH, { message: PRESCRIBING_MESSAGES.dosageTooLong })
  dosageInstruction?: string;
  @ApiPropertyOptional({
    type: 'integer',
    description: "Approval of a new-prescription request: the catalogue product prescribed (available; no narcotic or PKV medicine). A renewal's is the item's own.",
  })
  @Optional()
  @IsInt({ message: PRESCRIBING_MESSAGES.productRequired })
  productId?: number;
  @ApiPropertyOptional({
    type: 'integer',
    minimum: PACKAGES_MIN,
    maximum: PACKAGES_MAX,
    description: "Approval: the number of packages. A new prescription needs it; a renewal's defaults to 1.",
  })
  @Optional()
  @IsInt({ message: PRESCRIBING_MESSAGES.packagesInvalid })
  @Min(PACKAGES_MIN, { message: PRESCRIBING_MESSAGES.packagesInvalid })
  @Max(PACKAGES_MAX, { message: PRESCRIBING_MESSAGES.packagesInvalid })
  packages?: number;
}
