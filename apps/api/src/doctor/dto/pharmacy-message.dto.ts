import { ApiProperty } from '@nestjs/swagger';
import { ApiShape } from '../../platform/http/api-shape.js';
import { IsIn, IsInt, IsString, MaxLength } from 'class-validator';
import { OptionalOrNull } from '../../platform/http/optional.js';
import { NOTICE_DETAILS_MAX, NOTICE_HEADER_MAX } from '@resepti/domain';

@ApiShape()
export class PharmacyMessageDto {
  /** There is one current notice (id 1); the value is accepted and ignored. */
  @OptionalOrNull()
  @IsInt({ message: 'id pitää olla kokonaisluku.' })
  id?: number | null;
  @ApiProperty({ maxLength: NOTICE_HEADER_MAX, description: 'Title; must not be blank when publishing.' })
  @IsString({ message: 'Otsikon pitää olla tekstiä.' })
  @MaxLength(NOTICE_HEADER_MAX, { message: `Otsikko on liian pitkä (enintään ${NOTICE_HEADER_MAX} merkkiä).` })
  header!: string;
  @ApiProperty({ maxLength: NOTICE_DETAILS_MAX })
  @IsString({ message: 'Lisätietojen pitää olla tekstiä.' })
  @MaxLength(NOTICE_DETAILS_MAX, { message: `Lisätiedot ovat liian pitkät (enintään ${NOTICE_DETAILS_MAX} merkkiä).` })
  additionalDetails!: string;
  @ApiProperty({ enum: ['published', 'unpublished'] })
  @IsIn(['published', 'unpublished'], { message: 'Tilan pitää olla published tai unpublished.' })
  status!: 'published' | 'unpublished';
}
