import { Controller, Get, Patch, Req } from '@nestjs/common';
import { IdParam } from '../platform/http/request-input.js';
import { ApiExtraModels, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PharmacyOffice } from '@resepti/domain';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { Roles } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { PharmacyOfficeService, toPharmacyOfficeDto } from './pharmacy-office.service.js';
import { PharmacyOfficeSchema } from './pharmacy-schemas.js';

/** Office choice (/toimipaikka): the pharmacist works for one of their offices at a time. */
@ApiTags('pharmacy')
@Controller()
export class PharmacyOfficeController {
  constructor(private readonly offices: PharmacyOfficeService) {}

  @Get('users-offices')
  @Roles('pharmacy')
  @ApiOkResponse({ type: [PharmacyOfficeSchema], description: "The user's own offices: {id, name, level, pharmacyName, phone}[]" })
  @ApiOperation({ summary: "The user's offices" })
  async usersOffices(@CurrentUser() user: SessionUser): Promise<PharmacyOffice[]> {
    return (await this.offices.offices(user.id)).map(toPharmacyOfficeDto);
  }

  @Patch('selected-office/:id')
  @Roles('pharmacy')
  @ApiOkResponse({ type: PharmacyOfficeSchema, description: 'The office is selected for this session; live updates now follow it.' })
  @ApiForbiddenResponse({ description: 'Not one of the user’s offices; nothing changes.' })
  @ApiOperation({ summary: "Select this session's office" })
  async selectOffice(
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
    @IdParam() id: number,
  ): Promise<PharmacyOffice> {
    const office = await this.offices.select(user, id);
    req.session.officeId = office.id;
    return toPharmacyOfficeDto(office);
  }

  @Get('users-session-office')
  @Roles('pharmacy')
  @ApiOkResponse({ schema: { type: 'object', allOf: [{ $ref: getSchemaPath(PharmacyOfficeSchema) }], nullable: true }, description: 'The office selected for this session, or an empty body when none is selected.' })
  @ApiOperation({ summary: "This session's office" })
  @ApiExtraModels(PharmacyOfficeSchema)
  async sessionOffice(@CurrentUser() user: SessionUser, @Req() req: Request): Promise<PharmacyOffice | null> {
    const office = await this.offices.ownOffice(user.id, req.session.officeId);
    return office ? toPharmacyOfficeDto(office) : null;
  }
}
