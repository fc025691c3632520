import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { PharmacyNotice } from '@resepti/domain';
import { INT } from '../platform/http/web-api-schemas.js';

/** The notice to pharmacies as the web API answers it (the doctor publishes it, pharmacies read it). */
@ApiSchema({ name: 'PharmacyNotice' })
export class PharmacyNoticeSchema implements PharmacyNotice {
  @ApiProperty(INT)
  id!: number;

  @ApiProperty()
  header!: string;

  @ApiProperty()
  additionalDetails!: string;

  @ApiProperty({ enum: ['published', 'unpublished'] })
  status!: 'published' | 'unpublished';
}
