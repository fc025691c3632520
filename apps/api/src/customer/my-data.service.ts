import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { MY_ACCESS_LOG_MAX_PAGE, type Language, type MyAccessLogEntry } from '@resepti/domain';
import { AuditService } from '../platform/audit/audit.service.js';
import { PatientAccessLogService } from '../platform/audit/patient-access-log.service.js';
import { Customer } from '../accounts/customer.entity.js';
import { OrderReads } from '../orders/order-reads.service.js';
import { PersonalData } from '../platform/personal-data/personal-data.js';

/** Rows as PostgreSQL returns them (JSON of the export). */
type Row = Record<string, unknown>;

/** The copy: the same data for the JSON file and the readable page. */
export interface MyDataExport {
  exportedAt: string;
  profile: { firstName: string; lastName: string; hetu: string; email: string | null; phone: string | null; sex: string | null; registeredAt: Date };
  consents: { termsVersion: unknown; termsAcceptedAt: unknown; marketingAllowed: boolean };
  orders: Array<Row & { items: Row[] }>;
  payments: Row[];
  feedback: Row[];
  smsMessages: Row[];
  accessLog: MyAccessLogEntry[];
}

/**
 * A copy of everything Resepti keeps of one customer (GDPR articles 15 and 20): the profile and
 * consents, every order of theirs (their own and those a pharmacy sent for their hetu) with its
 * items, chats, decisions and reasons, payments (amounts and dates; no card data is ever kept),
 * feedback, the text messages sent, and the access log. Nothing of another person: every query
 * is keyed by the customer's id, hetu or their orders, never by a contact detail (a phone number
 * passes to another account); nothing of the integrators' sandbox, even under their hetu. The
 * export is audited.
 */
@Injectable()
export class MyDataService {
  constructor(
    @InjectRepository(Customer) private readonly customers: Repository<Customer>,
    private readonly accessLog: PatientAccessLogService,
    private readonly audit: AuditService,
    private readonly orderReads: OrderReads,
    private readonly personalData: PersonalData,
  ) {}

  async export(customerId: number, format: 'json' | 'html'): Promise<{ language: Language; data: MyDataExport }> {
    const c = await this.customers.findOneByOrFail({ id: customerId });
    const q = (sql: string, params: unknown[]) => this.customers.query(sql, params) as Promise<Row[]>;
    const { orders, items } = await this.orderReads.exportRows({ kind: 'patient', customerId: c.id, hetu: c.hetu });
    const subject = { customerId: c.id, hetu: c.hetu };
    const payments = await this.personalData.read('payments', subject);
    const feedback = await q(
      `SELECT order_id AS "orderId", score, feedback_text AS "text", created_at AS "createdAt" FROM customer_feedback WHERE customer_id = $1 ORDER BY id`,
      [c.id],
    );
    const sms = await this.personalData.read('smsMessages', subject);
    const access: MyAccessLogEntry[] = [];
    for (let offset = 0; ; offset += MY_ACCESS_LOG_MAX_PAGE) {
      const page = await this.accessLog.ownLog(c.id, offset, MY_ACCESS_LOG_MAX_PAGE, c.language);
      access.push(...page.entries);
      if (!page.hasMore) break;
    }
    await this.audit.record({ role: 'customer', id: c.id }, { action: 'customer.data-export', patientHetu: c.hetu, details: { orders: orders.length, format } });
    const data: MyDataExport = {
      exportedAt: new Date().toISOString(),
      profile: { firstName: c.firstName, lastName: c.lastName, hetu: c.hetu, email: c.email, phone: c.phone, sex: c.sex, registeredAt: c.createdAt },
      consents: { termsVersion: c.approvedEulaVersion, termsAcceptedAt: c.eulaAcceptedAt, marketingAllowed: c.marketingAllowed },
      orders: orders.map((o) => ({ ...o, items: items.filter((i) => i.orderId === o.id).map(({ orderId: _, ...item }) => item) })),
      payments,
      feedback,
      smsMessages: sms,
      accessLog: access,
    };
    return { language: c.language, data };
  }
}
