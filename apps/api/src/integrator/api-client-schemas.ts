import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { ApiClientView } from '@resepti/domain';
import { INT, TIME } from '../platform/http/web-api-schemas.js';

/** A pharmacy admin's view of the pharmacy's API clients (web API, /ui-api/v1). */
@ApiSchema({ name: 'ApiClient' })
export class ApiClientSchema implements ApiClientView {
  @ApiProperty(INT)
  id!: number;

  @ApiProperty({ example: 'rc_3f9a…' })
  clientId!: string;

  @ApiProperty({ example: 'Kassajärjestelmä' })
  name!: string;

  @ApiProperty({ type: 'integer', isArray: true, description: 'Offices it may act for; [] = every office of the pharmacy.' })
  officeIds!: number[];

  @ApiProperty(TIME)
  created!: string;

  @ApiProperty({ ...TIME, nullable: true })
  revoked!: string | null;

  @ApiProperty({ description: 'A sandbox client: its orders are decided by the simulated doctor.' })
  sandbox!: boolean;
}
