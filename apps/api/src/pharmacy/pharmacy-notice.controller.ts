import { Controller, Get, HttpCode, NotFoundException, Post } from '@nestjs/common';
import { IdParam } from '../platform/http/request-input.js';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { PHARMACY_MESSAGES, type MessageStatus, type PharmacyNotice } from '@resepti/domain';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { Roles } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { CURRENT_NOTICE_ID, NoticesService } from '../notices/notices.service.js';
import { PharmacyNoticeSchema } from '../notices/notice-schemas.js';
import { MessageStatusSchema } from './pharmacy-schemas.js';

/** The doctors' notice as pharmacies see it, and each pharmacist's read mark. */
@ApiTags('pharmacy')
@Controller()
export class PharmacyNoticeController {
  constructor(private readonly notices: NoticesService) {}

  @Get('get-pharmacy-message/:id')
  @Roles('pharmacy')
  @ApiOkResponse({ schema: { type: 'object', allOf: [{ $ref: getSchemaPath(PharmacyNoticeSchema) }], nullable: true }, description: 'The published notice {id, header, additionalDetails, status}, or an empty body when none is published.' })
  @ApiOperation({ summary: "The doctors' published notice" })
  @ApiExtraModels(PharmacyNoticeSchema)
  async message(@IdParam() id: number): Promise<PharmacyNotice | null> {
    if (id !== CURRENT_NOTICE_ID) throw new NotFoundException(PHARMACY_MESSAGES.messageNotFound);
    return this.notices.published();
  }

  @Get('get-pharmacy-user-message-status')
  @Roles('pharmacy')
  @ApiOkResponse({ type: MessageStatusSchema, description: '{checked, published}: whether this pharmacist has marked the published notice as read.' })
  @ApiOperation({ summary: 'Whether this pharmacist has read the notice' })
  status(@CurrentUser() user: SessionUser): Promise<MessageStatus> {
    return this.notices.checkStatus(user.id);
  }

  @Post('set-pharmacy-message-checked')
  @Roles('pharmacy')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageStatusSchema, description: 'Marks the published notice read for this pharmacist; returns the new status.' })
  @ApiOperation({ summary: 'Mark the notice read' })
  checked(@CurrentUser() user: SessionUser): Promise<MessageStatus> {
    return this.notices.setChecked(user.id, true);
  }

  @Post('set-pharmacy-message-unchecked')
  @Roles('pharmacy')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageStatusSchema, description: 'Marks the published notice unread for this pharmacist; returns the new status.' })
  @ApiOperation({ summary: 'Mark the notice unread' })
  unchecked(@CurrentUser() user: SessionUser): Promise<MessageStatus> {
    return this.notices.setChecked(user.id, false);
  }
}
