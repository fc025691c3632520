import { Injectable } from '@nestjs/common';
import { DEFAULT_HISTORY_SORT, HISTORY_PAGE_SIZE, isValidHetu, type HistoryResponse, type HistorySortOrder } from '@resepti/domain';
import { AuditService } from '../platform/audit/audit.service.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { OrderReads } from '../orders/order-reads.service.js';

/** Completed orders list: delivered and processing orders handled by any doctor. */
@Injectable()
export class DoctorHistoryService {
  constructor(
    private readonly orders: OrderReads,
    private readonly audit: AuditService,
  ) {}

  async history(actor: SessionUser, input: { filter?: string | null; sortOrder?: HistorySortOrder | null; offset?: number | null }): Promise<HistoryResponse> {
    const sortOrder = input.sortOrder ?? DEFAULT_HISTORY_SORT;
    const offset = input.offset ?? HISTORY_PAGE_SIZE;
    const page = await this.orders.doctorHistory({ kind: 'doctor', doctorId: actor.id }, input.filter, sortOrder, offset);
    // The search itself is audited whatever the page holds: a count alone can tell that
    // someone is a patient. A filter that is a hetu also lands in that patient's access log. The
    // page's orders are one more row, listing each order and its patient.
    const filter = (input.filter ?? '').trim().toUpperCase();
    const shown = page.data.map((o) => ({ orderId: o.id, patientHetu: o.patient.hetu }));
    await this.audit.record(actor, [
      { action: 'history.search', patientHetu: isValidHetu(filter) ? filter : null, details: { filter: input.filter ?? '', sortOrder, offset, count: page.count } },
      ...(shown.length > 0 ? [{ action: 'history:read' as const, listed: shown }] : []),
    ]);
    return page;
  }
}
