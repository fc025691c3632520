import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { HistoryResponse } from '@resepti/domain';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { Roles } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { DoctorHistoryService } from './doctor-history.service.js';
import { HistoryRequestDto } from './dto/history.dto.js';
import { DoctorHistorySchema } from './doctor-schemas.js';

@ApiTags('doctor')
@Controller()
export class DoctorHistoryController {
  constructor(private readonly history: DoctorHistoryService) {}

  @Post('history')
  @Roles('doctor')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Completed orders (delivered and processing) handled by doctors',
    description:
      'Filter by patient first/last name or hetu (case-insensitive, every word must match); sortOrder newest (default), oldest, name-asc, name-desc. ' +
      'Page size 30; `offset` is the END of the requested page (SPEC "initial offset 30"): offset 30 → rows 0–29, offset 60 → rows 30–59. ' +
      'Answer {data, count} where count is the number of all matching orders.',
  })
  @ApiOkResponse({ type: DoctorHistorySchema })
  list(@CurrentUser() user: SessionUser, @Body() body: HistoryRequestDto): Promise<HistoryResponse> {
    return this.history.history(user, body);
  }
}
