/**
 * GET /my-data/page: the customer's data export as a page a person reads and prints (the browser's
 * print saves it as a PDF too), beside the JSON file: the same data, in the account's language.
 * Every value is escaped; the one style element carries the response's CSP nonce; no script.
 */
import { formatDate, formatDateTime, formatMoney, patientItemName, patientReason, patientReasonLine, type Language, type TextKey } from '@resepti/domain';
import { t } from '@resepti/domain/locales';
import type { MyDataExport } from './my-data.service.js';

type Row = Record<string, unknown>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `
  body { font-family: system-ui, sans-serif; color: #1a1a1a; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
  h1 { font-size: 1.75rem; } h2 { font-size: 1.35rem; margin-top: 2rem; border-bottom: 2px solid #2a6ebb; } h3 { font-size: 1.1rem; }
  dl { display: grid; grid-template-columns: minmax(10rem, max-content) 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: 600; } dd { margin: 0; white-space: pre-wrap; }
  table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: 0.35rem 0.5rem; border-bottom: 1px solid #c8cdd0; vertical-align: top; }
  .item { border-left: 3px solid #c8cdd0; padding-left: 1rem; margin: 1rem 0; }
  @media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } .item, tr { break-inside: avoid; } }`;

/** The fields an order's item, a payment, a feedback or a text message is shown with, in this order. */
const FIELDS: Record<string, TextKey> = {
  medicine: 'customer.myDataPage.medicine',
  type: 'customer.myDataPage.type',
  reason: 'customer.myDataPage.reason',
  medicalProblem: 'customer.myDataPage.medicalProblem',
  decision: 'customer.myDataPage.decision',
  reasonForDecision: 'customer.myDataPage.reasonForDecision',
  decisionTime: 'customer.myDataPage.decisionTime',
  renewableTill: 'customer.myDataPage.renewableTill',
  priceCents: 'customer.myDataPage.price',
  amountCents: 'customer.myDataPage.amount',
  status: 'customer.myDataPage.status',
  createdAt: 'customer.myDataPage.createdAt',
  paidAt: 'customer.myDataPage.paidAt',
  sentAt: 'customer.myDataPage.sentAt',
  score: 'customer.myDataPage.score',
  text: 'customer.myDataPage.comment',
  body: 'customer.myDataPage.message',
};

/** Fields that say nothing to the reader beyond what the page's structure says. */
const HIDDEN = new Set(['id', 'orderId', 'chat', 'format', 'source', 'deliveryOptionId', 'patientFirstName', 'patientLastName', 'items', 'deliveryStatus']);

class Page {
  private readonly parts: string[] = [];

  constructor(private readonly language: Language) {}

  text(key: TextKey, params?: Record<string, string | number>): string {
    return escapeHtml(t(key, this.language, params));
  }

  /** A value as a person reads it: times and money in the language's format, a decision in words. */
  value(field: string, value: unknown): string {
    if (value === null || value === undefined || value === '') return '–';
    if (value instanceof Date || (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value))) {
      return escapeHtml(field === 'renewableTill' ? formatDate(value as Date | string, this.language) : formatDateTime(value as Date | string, this.language));
    }
    if (field.endsWith('Cents') && typeof value === 'number') return escapeHtml(formatMoney(value, this.language));
    if (field === 'decision') return this.text(value === 'approved' ? 'status.approved' : value === 'undecided' ? 'status.waiting' : 'status.rejected');
    if (field === 'type') return this.text(value === 'renewal' ? 'customer.myDataPage.typeRenewal' : 'customer.myDataPage.typePrescription');
    if (typeof value === 'boolean') return this.text(value ? 'customer.myDataPage.yes' : 'customer.myDataPage.no');
    return escapeHtml(typeof value === 'object' ? JSON.stringify(value) : String(value as string | number));
  }

  add(html: string): void {
    this.parts.push(html);
  }

  facts(rows: Array<[string, string]>): void {
    this.add(`<dl>${rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`);
  }

  /** A record's fields: the known ones with their labels, any other (a newer column) under its own name. */
  record(row: Row): void {
    const known = Object.keys(FIELDS).filter((f) => f in row && row[f] !== null && row[f] !== '');
    const other = Object.keys(row).filter((f) => !(f in FIELDS) && !HIDDEN.has(f) && row[f] !== null && row[f] !== '');
    this.facts([...known.map((f): [string, string] => [this.text(FIELDS[f]), this.value(f, row[f])]), ...other.map((f): [string, string] => [escapeHtml(f), this.value(f, row[f])])]);
  }

  section(heading: TextKey, rows: Row[], each: (row: Row) => void): void {
    this.add(`<h2>${this.text(heading)}</h2>`);
    if (rows.length === 0) this.add(`<p>${this.text('customer.myDataPage.none')}</p>`);
    for (const row of rows) each(row);
  }

  html(nonce: string): string {
    const title = this.text('customer.profile.myData');
    return `<!doctype html><html lang="${this.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} – Resepti</title><style nonce="${escapeHtml(nonce)}">${STYLE}</style></head><body><main>${this.parts.join('\n')}</main></body></html>`;
  }
}

/** An item's standard texts in the reader's language: a request's topic, a standard reason (a doctor's own words as written, said to be theirs). */
function patientItem(item: Row, language: Language): Row {
  const reasonForDecision = typeof item.reasonForDecision === 'string' && item.reasonForDecision !== '' ? patientReasonLine(patientReason({ reasonForDecision: item.reasonForDecision }, language), language) : item.reasonForDecision;
  const medicalProblem = typeof item.medicalProblem === 'string' ? patientItemName({ medicalProblem: item.medicalProblem, displayName: item.medicalProblem }, language) : item.medicalProblem;
  return { ...item, medicine: patientItemName({ medicalProblem: item.medicalProblem as string | null, displayName: String(item.medicine ?? '') }, language), medicalProblem, reasonForDecision };
}

export function renderMyDataPage(data: MyDataExport, language: Language, nonce: string): string {
  const page = new Page(language);
  const { profile, consents } = data;
  page.add(`<h1>${page.text('customer.profile.myData')}</h1>`);
  page.add(`<p>${page.text('customer.myDataPage.exportedAt', { time: formatDateTime(data.exportedAt, language) })}</p><p>${page.text('customer.profile.readableHint')}</p>`);

  page.add(`<h2>${page.text('customer.myDataPage.profile')}</h2>`);
  page.facts([
    [page.text('customer.profile.name'), escapeHtml(`${profile.firstName} ${profile.lastName}`)],
    [page.text('customer.myDataPage.hetu'), escapeHtml(profile.hetu)],
    [page.text('customer.profile.email'), page.value('email', profile.email)],
    [page.text('customer.profile.phone'), page.value('phone', profile.phone)],
    [page.text('customer.myDataPage.sex'), profile.sex === 'f' ? page.text('customer.myDataPage.sexFemale') : page.text('customer.myDataPage.sexMale')],
    [page.text('customer.myDataPage.registeredAt'), page.value('registeredAt', profile.registeredAt)],
  ]);
  page.add(`<h2>${page.text('customer.myDataPage.consents')}</h2>`);
  page.facts([
    [page.text('customer.myDataPage.termsVersion'), page.value('termsVersion', consents.termsVersion)],
    [page.text('customer.myDataPage.termsAcceptedAt'), page.value('termsAcceptedAt', consents.termsAcceptedAt)],
    [page.text('customer.myDataPage.marketing'), page.value('marketingAllowed', consents.marketingAllowed)],
  ]);

  page.section('customer.myDataPage.orders', data.orders, (order) => {
    page.add(`<h3>${page.text('customer.myDataPage.order', { id: String(order.id) })}</h3>`);
    page.facts([
      [page.text('customer.myDataPage.createdAt'), page.value('createdAt', order.createdAt)],
      [page.text('customer.myDataPage.handledAt'), order.handledAt ? page.value('handledAt', order.handledAt) : page.text('status.waiting')],
      [page.text('customer.myDataPage.doctor'), page.value('doctor', order.doctor)],
      [page.text('customer.myDataPage.pharmacy'), page.value('pharmacy', order.pharmacy)],
      [page.text('customer.myDataPage.price'), page.value('priceCents', order.priceCents)],
    ]);
    for (const item of order.items as Row[]) {
      page.add('<div class="item">');
      page.record(patientItem(item, language));
      const chat = Array.isArray(item.chat) ? (item.chat as Array<{ text?: unknown; type?: unknown }>) : [];
      if (chat.length > 0) page.add(`<dl>${chat.map((e) => `<${e.type === 'question' ? 'dt' : 'dd'}>${escapeHtml(String(e.text ?? ''))}</${e.type === 'question' ? 'dt' : 'dd'}>`).join('')}</dl>`);
      page.add('</div>');
    }
  });
  page.section('customer.myDataPage.payments', data.payments, (row) => page.record(row));
  page.section('customer.myDataPage.feedback', data.feedback, (row) => page.record(row));
  page.section('customer.myDataPage.sms', data.smsMessages, (row) => page.record(row));

  page.add(`<h2>${page.text('customer.profile.accessLogHeading')}</h2>`);
  if (data.accessLog.length === 0) page.add(`<p>${page.text('customer.profile.accessLogEmpty')}</p>`);
  else {
    const head = ['customer.profile.accessLogTime', 'customer.profile.accessLogActor', 'customer.profile.accessLogAction', 'customer.profile.accessLogCount'] as const;
    const rows = data.accessLog.map((e) => `<tr><td>${escapeHtml(formatDate(e.time, language))}</td><td>${escapeHtml(e.actor)}</td><td>${escapeHtml(e.action)}</td><td>${e.count}</td></tr>`);
    page.add(`<table><thead><tr>${head.map((k) => `<th scope="col">${page.text(k)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`);
  }
  return page.html(nonce);
}
