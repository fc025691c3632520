import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { t } from '@resepti/domain/locales';
import { ACCESS_PURPOSES, type AccessActorRole, type AccessPurpose, type Language, type MyAccessLog, type PatientAccessLog, type PatientAccessLogEntry } from '@resepti/domain';
import type { SessionUser } from '../http/session-user.js';
import { AuditLog } from './audit-log.entity.js';
import { AuditService } from './audit.service.js';

/** Entries per export; a patient with more is a case for the database administrator. */
const MAX_ENTRIES = 10_000;

/**
 * The audit rows about a patient: theirs (patient_hetu), and the list reads that showed one of
 * their orders (patient_hetus, over its GIN index). Only rows of the chain (ids up to its head: a
 * row put past it with the chain's trigger off is no record, and verify-audit reports it), and
 * nothing of the integrators' sandbox (its simulated doctor, its clients' reads: test data, even
 * under a real patient's hetu).
 */
const ROWS_OF_PATIENT = (hetu: string) => `((a.patient_hetu = ${hetu} OR a.patient_hetus @> ARRAY[${hetu}]::text[])
  AND a.id BETWEEN 1 AND (SELECT last_id FROM audit_chain_tip()) AND a.actor_role <> 'sandbox'
  AND NOT EXISTS (SELECT 1 FROM api_client sandbox_client WHERE a.actor_role = 'integrator' AND sandbox_client.id = a.actor_id AND sandbox_client.sandbox))`;

/**
 * A list read's orders of that patient (`listed.order_id`, in the list's order `listed.n`): an
 * entry each, as when the read was a row per order. No row for any other audit row.
 */
const LISTED_ORDERS_OF = (hetu: string) =>
  `LEFT JOIN LATERAL (SELECT u.order_id, u.n FROM unnest(a.order_ids, a.patient_hetus) WITH ORDINALITY AS u(order_id, hetu, n) WHERE u.hetu = ${hetu}) listed ON true`;

/**
 * One patient's access log, read from the audit trail with each actor's name: doctors see every
 * entry; a pharmacy admin sees what their own pharmacy's users and systems did. The export is
 * itself audited, in the same transaction.
 */
@Injectable()
export class PatientAccessLogService {
  constructor(
    @InjectRepository(AuditLog) private readonly log: Repository<AuditLog>,
    private readonly audit: AuditService,
  ) {}

  async export(user: SessionUser, hetu: string): Promise<PatientAccessLog> {
    return this.log.manager.transaction(async (m) => {
      const ownPharmacyOnly = user.role === 'pharmacy';
      const rows = (await m.query(
        `SELECT a.at, a.actor_role, a.action, coalesce(listed.order_id, a.order_id) AS order_id,
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
           ${LISTED_ORDERS_OF('$1')}
          WHERE ${ROWS_OF_PATIENT('$1')} ${ownPharmacyOnly ? `AND ((a.actor_role = 'pharmacy' AND pu.pharmacy_id = $3) OR (a.actor_role = 'integrator' AND ac.pharmacy_id = $3))` : ''}
          ORDER BY a.id, listed.n
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

  /**
   * GET /my-access-log: what doctors, pharmacies and pharmacy systems did with the signed-in
   * customer's data (rows with their hetu), a row per actor, purpose and day (Helsinki time) with
   * how many times, newest first, a page of such rows at a time (the audit keeps every read). A
   * list read counts once per order of theirs it showed. Their own actions are not listed; the
   * names are read as they are now. A pharmacy is named with its office: the order's, or for a
   * lookup by hetu the one the user worked at (the row's details). Texts in `language`.
   */
  async ownLog(customerId: number, offset: number, limit: number, language: Language = 'fi'): Promise<MyAccessLog> {
    // The patient's rows first (MATERIALIZED: found over the two indexes, a few hundred at most),
    // then grouped, sorted and paged: otherwise the planner, not knowing the hetu, walks the whole log by id.
    const rows = (await this.log.query(
      `WITH patient_rows AS MATERIALIZED (
         SELECT a.* FROM audit_log a
          WHERE ${ROWS_OF_PATIENT('(SELECT hetu FROM customer WHERE id = $1)')} AND a.actor_role IN ('doctor', 'pharmacy', 'integrator')),
       entries AS (
         SELECT a.id, a.at, a.actor_role,
                CASE WHEN a.action LIKE 'order-item:%' THEN 'itemDecision' ELSE coalesce($4::jsonb ->> a.action, 'other') END AS purpose,
                CASE a.actor_role
                  WHEN 'doctor' THEN d.first_name || ' ' || d.last_name
                  WHEN 'pharmacy' THEN p.name || coalesce(', ' || po.name, '')
                  WHEN 'integrator' THEN acp.name || coalesce(', ' || po.name, '')
                END AS actor
           FROM patient_rows a
           ${LISTED_ORDERS_OF('(SELECT hetu FROM customer WHERE id = $1)')}
           LEFT JOIN doctor d ON a.actor_role = 'doctor' AND d.id = a.actor_id
           LEFT JOIN pharmacy_user pu ON a.actor_role = 'pharmacy' AND pu.id = a.actor_id
           LEFT JOIN pharmacy p ON p.id = pu.pharmacy_id
           LEFT JOIN api_client ac ON a.actor_role = 'integrator' AND ac.id = a.actor_id
           LEFT JOIN pharmacy acp ON acp.id = ac.pharmacy_id
           LEFT JOIN orders o ON a.actor_role IN ('pharmacy', 'integrator') AND o.id = coalesce(listed.order_id, a.order_id)
           LEFT JOIN pharmacy_office po ON po.pharmacy_id = coalesce(pu.pharmacy_id, ac.pharmacy_id)
                 AND po.id = coalesce(o.office_id, (a.details::jsonb ->> 'officeId')::int))
       SELECT max(at) AS at, to_char(at AT TIME ZONE 'Europe/Helsinki', 'YYYY-MM-DD') AS day, actor_role, actor, purpose, count(*)::int AS count
         FROM entries
        GROUP BY day, actor_role, actor, purpose
        -- One audit row can fall into two groups (its listed orders, a statement's several entries):
        -- the group's own key breaks the tie, so a page never repeats a row of the one before.
        ORDER BY max(id) DESC, day DESC, actor_role, actor, purpose
        OFFSET $2 LIMIT $3`,
      [customerId, offset, limit + 1, JSON.stringify(ACCESS_PURPOSES)],
    )) as Array<{ at: Date; day: string; actor_role: AccessActorRole; actor: string | null; purpose: AccessPurpose; count: number }>;
    return {
      entries: rows.slice(0, limit).map((r) => ({
        time: r.at.toISOString(),
        day: r.day,
        actorRole: r.actor_role,
        actor: actorText(r.actor_role, r.actor, language),
        action: t(`customer.accessLog.purpose.${r.purpose}`, language),
        count: r.count,
      })),
      hasMore: rows.length > limit,
    };
  }
}

/** Who, as the patient reads it: the name (a pharmacy's system marked as such), or the role when the account is gone. */
function actorText(role: AccessActorRole, name: string | null, language: Language): string {
  if (name === null) return t(role === 'doctor' ? 'customer.accessLog.doctor' : 'customer.accessLog.pharmacy', language);
  return role === 'integrator' ? t('customer.accessLog.pharmacySystem', language, { name }) : name;
}
