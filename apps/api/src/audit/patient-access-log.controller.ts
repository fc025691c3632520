import { BadRequestException, Body, Controller, HttpCode, Post } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import type { DataSource } from 'typeorm';
import { isValidHetu, MESSAGES, type PatientAccessLog, type PatientAccessLogEntry } from '@resepti/domain';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import type { SessionUser } from '../auth/session-user.js';
import { AuditService } from './audit.service.js';

export class PatientAccessLogRequestDto {
  @ApiProperty({ example: '010190-998V', description: "The patient's hetu (in the body, so it stays out of URLs and access logs)" })
  @IsString({ message: MESSAGES.hetuInvalid })
  @MaxLength(20, { message: MESSAGES.hetuInvalid })
  hetu!: string;
}

/** Entries per export; a patient with more is a case for the database administrator. */
const MAX_ENTRIES = 10_000;

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
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  @Post('patient-access-log')
  @Roles('doctor', 'pharmacyAdmin')
  @HttpCode(200)
  @ApiOperation({ summary: "One patient's access log (doctors: all entries; pharmacy admins: their pharmacy's users)" })
  @ApiOkResponse({ description: '{hetu, entries: [{at, actorRole, actorName, action, orderId}]}, oldest first' })
  async export(@CurrentUser() user: SessionUser, @Body() body: PatientAccessLogRequestDto): Promise<PatientAccessLog> {
    const hetu = body.hetu.trim().toUpperCase();
    if (!isValidHetu(hetu)) throw new BadRequestException(MESSAGES.hetuInvalid);
    return this.db.transaction(async (m) => {
      const ownPharmacyOnly = user.role === 'pharmacy';
      const rows = (await m.query(
        `SELECT a.at, a.actor_role, a.action, a.order_id,
                CASE a.actor_role
                  WHEN 'doctor' THEN d.first_name || ' ' || d.last_name
                  WHEN 'pharmacy' THEN pu.first_name || ' ' || pu.last_name || ' (' || p.name || ')'
                  WHEN 'customer' THEN c.first_name || ' ' || c.last_name
                  WHEN 'integrator' THEN ac.name || ' (' || acp.name || ')'
                END AS actor_name
           FROM audit_log a
           LEFT JOIN doctor d ON a.actor_role = 'doctor' AND d.id = a.actor_id
           LEFT JOIN pharmacy_user pu ON a.actor_role = 'pharmacy' AND pu.id = a.actor_id
           LEFT JOIN pharmacy p ON p.id = pu.pharmacy_id
           LEFT JOIN customer c ON a.actor_role = 'customer' AND c.id = a.actor_id
           LEFT JOIN api_client ac ON a.actor_role = 'integrator' AND ac.id = a.actor_id
           LEFT JOIN pharmacy acp ON acp.id = ac.pharmacy_id
          WHERE a.patient_hetu = $1 ${ownPharmacyOnly ? `AND ((a.actor_role = 'pharmacy' AND pu.pharmacy_id = $3) OR (a.actor_role = 'integrator' AND ac.pharmacy_id = $3))` : ''}
          ORDER BY a.id
          LIMIT $2`,
        ownPharmacyOnly ? [hetu, MAX_ENTRIES, user.pharmacyId] : [hetu, MAX_ENTRIES],
      )) as Array<{ at: Date; actor_role: PatientAccessLogEntry['actorRole']; action: string; order_id: number | null; actor_name: string | null }>;
      await this.audit.record(user, { action: 'patient-access-log.export', patientHetu: hetu, details: { entries: rows.length } }, m);
      const entries: PatientAccessLogEntry[] = rows.map((r) => ({
        at: r.at.toISOString(),
        actorRole: r.actor_role,
        actorName: r.actor_name,
        action: r.action,
        orderId: r.order_id,
      }));
      return { hetu, entries };
    });
  }
}
