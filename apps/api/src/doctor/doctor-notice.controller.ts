import { BadRequestException, Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PharmacyNotice } from '@resepti/domain';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { Roles } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { CURRENT_NOTICE_ID, NoticesService } from '../notices/notices.service.js';
import { PharmacyMessageDto } from './dto/pharmacy-message.dto.js';
import { PharmacyNoticeSchema } from '../notices/notice-schemas.js';

const EMPTY_NOTICE: PharmacyNotice = { id: CURRENT_NOTICE_ID, header: '', additionalDetails: '', status: 'unpublished' };

/** The doctors' notice to all pharmacies: only doctors read the draft and set it. */
@ApiTags('doctor')
@Controller()
export class DoctorNoticeController {
  constructor(private readonly notices: NoticesService) {}

  @Get('pharmacy-message')
  @Roles('doctor')
  @ApiOperation({ summary: 'The current notice (published or not); an empty unpublished one before the first save.' })
  @ApiOkResponse({ type: PharmacyNoticeSchema })
  async current(): Promise<PharmacyNotice> {
    return (await this.notices.current()) ?? EMPTY_NOTICE;
  }

  @Post('set-pharmacy-message')
  @Roles('doctor')
  @HttpCode(200)
  @ApiOperation({ summary: 'Save the notice; status published shows it to every pharmacy (pushed as notice:updated).' })
  @ApiOkResponse({ type: PharmacyNoticeSchema })
  save(@CurrentUser() user: SessionUser, @Body() body: PharmacyMessageDto): Promise<PharmacyNotice> {
    const header = body.header.trim();
    const additionalDetails = body.additionalDetails.trim();
    if (body.status === 'published' && header === '') throw new BadRequestException('Otsikko on pakollinen, kun viesti julkaistaan.');
    return this.notices.save(user.id, { header, additionalDetails, status: body.status });
  }
}
