import { Controller, Get, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { Optional } from '../platform/http/optional.js';
import { MY_ACCESS_LOG_MAX_PAGE, MY_ACCESS_LOG_PAGE, type MyAccessLog } from '@resepti/domain';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { Roles } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { PatientAccessLogService } from '../platform/audit/patient-access-log.service.js';
import { MyAccessLogSchema } from '../platform/http/web-api-schemas.js';
import { responseLanguage } from '../platform/http/response-language.js';

/** GET /my-access-log?offset=&limit= */
export class MyAccessLogQueryDto {
  @ApiPropertyOptional({ description: 'How many of the newest entries to skip', default: 0, minimum: 0 })
  @Optional()
  @Type(() => Number)
  @IsInt({ message: 'offset on kokonaisluku' })
  @Min(0, { message: 'offset ei voi olla negatiivinen' })
  offset?: number;

  @ApiPropertyOptional({ description: 'Page size', default: MY_ACCESS_LOG_PAGE, minimum: 1, maximum: MY_ACCESS_LOG_MAX_PAGE })
  @Optional()
  @Type(() => Number)
  @IsInt({ message: 'limit on kokonaisluku' })
  @Min(1, { message: 'limit on vähintään 1' })
  @Max(MY_ACCESS_LOG_MAX_PAGE, { message: `limit on enintään ${MY_ACCESS_LOG_MAX_PAGE}` })
  limit?: number;
}

/** The signed-in patient's own access log ('Kuka on katsonut tietojani' on /profile). */
@ApiTags('customer')
@Controller()
export class MyAccessLogController {
  constructor(private readonly accessLog: PatientAccessLogService) {}

  @Get('my-access-log')
  @Roles('customer')
  @ApiOkResponse({
    type: MyAccessLogSchema,
    description: "{entries: [{time, day, actorRole, actor, action, count}], hasMore}: the reads and changes of the customer's data by doctors, pharmacies and pharmacies' systems, a row per actor, purpose and day with its count, newest first; texts in the request's language.",
  })
  @ApiOperation({ summary: "The customer's own access log" })
  list(@CurrentUser() user: SessionUser, @Query() query: MyAccessLogQueryDto, @Req() req: Request): Promise<MyAccessLog> {
    return this.accessLog.ownLog(user.id, query.offset ?? 0, query.limit ?? MY_ACCESS_LOG_PAGE, responseLanguage(req));
  }
}
