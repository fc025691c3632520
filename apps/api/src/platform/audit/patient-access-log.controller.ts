import { BadRequestException, Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { isValidHetu, MESSAGES, type PatientAccessLog } from '@resepti/domain';
import { CurrentUser } from '../http/current-user.decorator.js';
import { Roles } from '../http/roles.decorator.js';
import type { SessionUser } from '../http/session-user.js';
import { PatientAccessLogService } from './patient-access-log.service.js';
import { PatientAccessLogSchema } from '../http/web-api-schemas.js';

export class PatientAccessLogRequestDto {
  @ApiProperty({ example: '010190-998V', description: "The patient's hetu (in the body, so it stays out of URLs and access logs)" })
  @IsString({ message: MESSAGES.hetuInvalid })
  @MaxLength(20, { message: MESSAGES.hetuInvalid })
  hetu!: string;
}

/**
 * One patient's access log: who read or changed their data, when (the basis of the patient's
 * right to know who has viewed their data). Doctors see every entry; a pharmacy admin sees what
 * their own pharmacy's users and systems (API clients) did (another pharmacy's or a doctor's work
 * is not theirs to see).
 * The export itself is audited.
 */
@ApiTags('audit')
@Controller()
export class PatientAccessLogController {
  constructor(private readonly accessLog: PatientAccessLogService) {}

  @Post('patient-access-log')
  @Roles('doctor', 'pharmacyAdmin')
  @HttpCode(200)
  @ApiOperation({ summary: "One patient's access log (doctors: all entries; pharmacy admins: their pharmacy's users)" })
  @ApiOkResponse({ type: PatientAccessLogSchema, description: '{hetu, entries: [{at, actorRole, actorName, action, orderId}]}, oldest first' })
  async export(@CurrentUser() user: SessionUser, @Body() body: PatientAccessLogRequestDto): Promise<PatientAccessLog> {
    const hetu = body.hetu.trim().toUpperCase();
    if (!isValidHetu(hetu)) throw new BadRequestException(MESSAGES.hetuInvalid);
    return this.accessLog.export(user, hetu);
  }
}
