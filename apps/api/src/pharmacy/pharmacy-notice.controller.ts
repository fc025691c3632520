import { Controller, Get, HttpCode, NotFoundException, Post } from '@nestjs/common';
import { IdParam } from '../common/request-input.js';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { PHARMACY_MESSAGES, type MessageStatus, type PharmacyNotice } from '@resepti/domain';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import type { SessionUser } from '../auth/session-user.js';
import { CURRENT_NOTICE_ID, NoticesService } from '../notices/notices.service.js';

/** The doctors' notice as pharmacies see it, and each pharmacist's read mark. */
@ApiTags('pharmacy')
@Controller()
export class PharmacyNoticeController {
  constructor(private readonly notices: NoticesService) {}

  @Get('get-pharmacy-message/:id')
  @Roles('pharmacy')
  @ApiOkResponse({ description: 'The published notice {id, header, additionalDetails, status}, or an empty body when none is published.' })
  async message(@IdParam() id: number): Promise<PharmacyNotice | null> {
    if (id !== CURRENT_NOTICE_ID) throw new NotFoundException(PHARMACY_MESSAGES.messageNotFound);
    return this.notices.published();
  }

  @Get('get-pharmacy-user-message-status')
  @Roles('pharmacy')
  @ApiOkResponse({ description: '{checked, published}: whether this pharmacist has marked the published notice as read.' })
  status(@CurrentUser() user: SessionUser): Promise<MessageStatus> {
    return this.notices.checkStatus(user.id);
  }

  @Post('set-pharmacy-message-checked')
  @Roles('pharmacy')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Marks the published notice read for this pharmacist; returns the new status.' })
  checked(@CurrentUser() user: SessionUser): Promise<MessageStatus> {
    return this.notices.setChecked(user.id, true);
  }

  @Post('set-pharmacy-message-unchecked')
  @Roles('pharmacy')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Marks the published notice unread for this pharmacist; returns the new status.' })
  unchecked(@CurrentUser() user: SessionUser): Promise<MessageStatus> {
    return this.notices.setChecked(user.id, false);
  }
}
