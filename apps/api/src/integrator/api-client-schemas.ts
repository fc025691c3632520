import { ApiProperty } from '@nestjs/swagger';
import { ApiShape } from '../platform/http/api-shape.js';
import { INT, TIME } from '../platform/http/web-api-schemas.js';

/** A pharmacy admin's view of the pharmacy's API clients (web API, /ui-api/v1). */
@ApiShape('ApiClient')
export class ApiClientSchema {
  @ApiProperty(INT) id!: number;
  /** @example 'rc_3f9a…' */
  clientId!: string;
  /** @example 'Kassajärjestelmä' */
  name!: string;
  @ApiProperty({ type: 'integer', isArray: true, description: 'Offices it may act for; [] = every office of the pharmacy.' })
  officeIds!: number[];
  @ApiProperty(TIME) created!: string;
  @ApiProperty({ ...TIME, nullable: true }) revoked!: string | null;
  /** A sandbox client: its orders are decided by the simulated doctor. */
  sandbox!: boolean;
}
