import { ApiProperty } from '@nestjs/swagger';
import { ApiShape } from '../platform/http/api-shape.js';
import { INT } from '../platform/http/web-api-schemas.js';

/** The notice to pharmacies as the web API answers it (the doctor publishes it, pharmacies read it). */
@ApiShape('PharmacyNotice')
export class PharmacyNoticeSchema {
  @ApiProperty(INT) id!: number;
  header!: string;
  additionalDetails!: string;
  @ApiProperty({ enum: ['published', 'unpublished'] })
  status!: 'published' | 'unpublished';
}
