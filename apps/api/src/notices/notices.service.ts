import { Injectable } from '@nestjs/common';
import type { PharmacyNotice } from '@resepti/domain';
import { AuditService } from '../platform/audit/audit.service.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import { EventBus } from '../platform/events/event-bus.js';
import { NoticeCheck } from './notice-check.entity.js';
import { Notice } from './notice.entity.js';

/** There is one current notice; its row is created on the first save. */
export const CURRENT_NOTICE_ID = 1;

export interface NoticeInput {
  header: string;
  additionalDetails: string;
  status: 'published' | 'unpublished';
}

export interface NoticeCheckStatus {
  /** True when this pharmacy user has marked the currently published notice as read. */
  checked: boolean;
  published: boolean;
}

function toDto(n: Pick<Notice, 'id' | 'header' | 'additionalDetails' | 'status'>): PharmacyNotice {
  return { id: n.id, header: n.header, additionalDetails: n.additionalDetails, status: n.status };
}

/** The doctors' notice to every pharmacy and each pharmacy user's read state of it. */
@Injectable()
export class NoticesService {
  constructor(
    @InjectOwn(Notice) private readonly notices: OwnRepository<Notice>,
    @InjectOwn(NoticeCheck) private readonly checks: OwnRepository<NoticeCheck>,
    private readonly transactions: Transactions,
    private readonly bus: EventBus,
    private readonly audit: AuditService,
  ) {}

  async current(): Promise<PharmacyNotice | null> {
    const notice = await this.notices.repo.findOneBy({ id: CURRENT_NOTICE_ID });
    return notice ? toDto(notice) : null;
  }

  /** The notice as pharmacies see it: only when published. */
  async published(): Promise<PharmacyNotice | null> {
    const notice = await this.current();
    return notice?.status === 'published' ? notice : null;
  }

  /**
   * Saves the notice (doctors only, enforced by the controller). Publishing bumps the
   * version, so every pharmacy user sees the new notice unchecked. Told as 'notice.saved'.
   */
  async save(doctorId: number, input: NoticeInput): Promise<PharmacyNotice> {
    return this.transactions.run(async () => {
      // One statement, prepared: the publish's round trips come before every pharmacy's push. The
      // row is locked and read first (a concurrent save waits, then this one reads what it wrote):
      // publishing bumps the version when the notice was not published, or its text changed.
      const [{ republished }] = await this.notices.prepared<{ republished: boolean }>(
        'notice-save',
        `WITH existing AS (SELECT version, status, header, additional_details FROM notice WHERE id = $1 FOR UPDATE),
              next AS (
                SELECT $4::text = 'published' AND (e.status IS DISTINCT FROM 'published' OR e.header IS DISTINCT FROM $2::text
                         OR e.additional_details IS DISTINCT FROM $3::text) AS republished, coalesce(e.version, 0) AS version
                  FROM (SELECT 1) one LEFT JOIN existing e ON true),
              saved AS (
                INSERT INTO notice (id, header, additional_details, status, version, updated_by_doctor_id, updated_at)
                SELECT $1, $2, $3, $4, version + CASE WHEN republished THEN 1 ELSE 0 END, $5::int, now() FROM next
                ON CONFLICT (id) DO UPDATE SET header = EXCLUDED.header, additional_details = EXCLUDED.additional_details, status = EXCLUDED.status,
                  version = EXCLUDED.version, updated_by_doctor_id = EXCLUDED.updated_by_doctor_id, updated_at = EXCLUDED.updated_at)
         SELECT republished FROM next`,
        [CURRENT_NOTICE_ID, input.header, input.additionalDetails, input.status, doctorId],
      );
      await this.audit.record(
        { role: 'doctor', id: doctorId },
        { action: 'notice.save', subject: `notice:${CURRENT_NOTICE_ID}`, details: { status: input.status, header: input.header } });
      const notice = toDto({ id: CURRENT_NOTICE_ID, ...input });
      await this.bus.tell('notice.saved', { notice: notice.status === 'published' ? notice : null, republished });
      return notice;
    });
  }

  /** A pharmacy user is deleted: their read marks go too (inside the deleting transaction, the ambient one). */
  async forgetReader(pharmacyUserId: number): Promise<void> {
    await this.checks.repo.delete({ pharmacyUserId });
  }

  async checkStatus(pharmacyUserId: number): Promise<NoticeCheckStatus> {
    const notice = await this.notices.repo.findOneBy({ id: CURRENT_NOTICE_ID });
    if (!notice || notice.status !== 'published') return { checked: false, published: false };
    const check = await this.checks.repo.findOneBy({ pharmacyUserId });
    return { checked: check?.checkedVersion === notice.version, published: true };
  }

  async setChecked(pharmacyUserId: number, checked: boolean): Promise<NoticeCheckStatus> {
    const notice = await this.notices.repo.findOneBy({ id: CURRENT_NOTICE_ID });
    const version = checked ? (notice?.version ?? 0) : -1;
    await this.checks.repo.upsert({ pharmacyUserId, checkedVersion: version }, ['pharmacyUserId']);
    return this.checkStatus(pharmacyUserId);
  }
}
