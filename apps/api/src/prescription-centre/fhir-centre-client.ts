/**
 * The FHIR R4 client of the Prescription Centre: one adapter for a real Centre or gateway
 * (PRESCRIPTION_CENTRE_URL + Bearer PRESCRIPTION_CENTRE_TOKEN) and for the embedded stand-in, which
 * it reaches over HTTP like any other server, so development runs this very code.
 *
 * - record: `POST {base}/MedicationRequest` with `If-None-Exist: identifier=<system>|<value>`
 *   (FHIR conditional create): 201 created, 200 the one that already holds the identifier.
 * - prescriptionsOf: `GET {base}/MedicationRequest?subject:identifier=urn:oid:1.2.246.21|<hetu>`,
 *   following the Bundle's `next` links.
 * A 5xx, 429, a timeout or a connection error is CentreUnavailable (try again); any other 4xx is
 * CentreRejected with the OperationOutcome's text. What is sent, and the resources a search answers,
 * are validated against the R4 definitions (fhir-validation.ts); of a create's answer only the id is kept.
 */
import type { Bundle, MedicationRequest, OperationOutcome } from '@medplum/fhirtypes';
import type { CentrePrescription } from '@resepti/domain';
import type { PrescriptionCentreConfig } from '../platform/config/config.js';
import { HETU_SYSTEM, toCentrePrescription } from './centre-medication-request.js';
import { describeIssues, FhirInvalid, validateFhir, validateFhirOnce } from './fhir-validation.js';
import { type CentreRecord, CentreRejected, CentreUnavailable, type PrescriptionCentre } from './prescription-centre.port.js';

export const FHIR_JSON = 'application/fhir+json';

/** FHIR R4's id type: what a resource's id may be. */
const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

/** The most pages of one patient's search that are followed (a patient has dozens of prescriptions, not thousands). */
const MAX_SEARCH_PAGES = 20;

interface Answer {
  status: number;
  body: unknown;
}

/** The Centre's reason for a refusal: its OperationOutcome's texts, else the status. */
export function outcomeText(body: unknown, status: number): string {
  const outcome = body as OperationOutcome | null;
  if (outcome?.resourceType === 'OperationOutcome' && outcome.issue?.length) {
    const text = outcome.issue.map((i) => i.details?.text ?? i.diagnostics ?? i.code).filter(Boolean).join('; ');
    if (text) return text;
  }
  return `HTTP ${status}`;
}

export class FhirPrescriptionCentre implements PrescriptionCentre {
  constructor(private readonly config: Pick<PrescriptionCentreConfig, 'url' | 'token' | 'timeoutMs'>) {}

  async record(request: MedicationRequest, identifier: { system: string; value: string }, signal?: AbortSignal): Promise<CentreRecord> {
    try {
      validateFhir(request);
    } catch (error) {
      // Never sent: the same resource would be refused every time.
      if (error instanceof FhirInvalid) throw new CentreRejected(422, `not sent, not valid FHIR R4: ${describeIssues(error.outcome.issue ?? [])}`);
      throw error;
    }
    const answer = await this.call(`${this.config.url}/MedicationRequest`, signal, {
      method: 'POST',
      body: JSON.stringify(request),
      headers: { 'Content-Type': FHIR_JSON, 'If-None-Exist': `identifier=${identifier.system}|${identifier.value}` },
    });
    // What is kept of the answer is the resource's id (checked as FHIR's id type), not its other
    // elements: the answer is not validated against the R4 definitions as a search's answer, whose
    // elements are read, is (a validation costs as much as the rest of a recording).
    const created = answer.body as Partial<MedicationRequest> | null;
    if (created?.resourceType !== 'MedicationRequest') throw new CentreUnavailable(`the Prescription Centre answered ${answer.status} without a MedicationRequest`);
    if (typeof created.id !== 'string' || !FHIR_ID.test(created.id)) throw new CentreUnavailable(`the Prescription Centre answered ${answer.status} without the resource's id`);
    return { id: created.id, created: answer.status === 201 };
  }

  async prescriptionsOf(hetu: string, signal?: AbortSignal): Promise<CentrePrescription[]> {
    const found: CentrePrescription[] = [];
    let url: string | undefined = `${this.config.url}/MedicationRequest?${new URLSearchParams({ 'subject:identifier': `${HETU_SYSTEM}|${hetu}` })}`;
    for (let page = 0; url && page < MAX_SEARCH_PAGES; page++) {
      const bundle = this.searchset(await this.call(url, signal, { method: 'GET' }));
      for (const entry of bundle.entry ?? []) {
        if (entry.resource?.resourceType === 'MedicationRequest' && entry.search?.mode !== 'include') found.push(toCentrePrescription(entry.resource));
      }
      url = bundle.link?.find((l) => l.relation === 'next')?.url;
    }
    return found.sort((a, b) => b.authoredOn.localeCompare(a.authoredOn));
  }

  /** One call: a 2xx answer, else the error the port names. */
  private async call(url: string, signal: AbortSignal | undefined, init: { method: string; body?: string; headers?: Record<string, string> }): Promise<Answer> {
    const timeout = AbortSignal.timeout(this.config.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        ...init,
        headers: { Accept: FHIR_JSON, ...(this.config.token ? { Authorization: `Bearer ${this.config.token}` } : {}), ...init.headers },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      text = await response.text();
    } catch (error) {
      const why = timeout.aborted ? `no answer in ${this.config.timeoutMs} ms` : signal?.aborted ? 'aborted' : String((error as Error).cause ?? error);
      throw new CentreUnavailable(`the Prescription Centre could not be reached (${init.method} ${url}): ${why}`);
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's error page): only the status tells.
      body = null;
    }
    if (response.status >= 500 || response.status === 429 || response.status === 408) {
      throw new CentreUnavailable(`the Prescription Centre answered ${response.status}: ${outcomeText(body, response.status)}`);
    }
    if (response.status >= 400) throw new CentreRejected(response.status, outcomeText(body, response.status));
    if (response.status < 200 || response.status >= 300) throw new CentreUnavailable(`the Prescription Centre answered ${response.status}`);
    return { status: response.status, body };
  }

  /**
   * A search's answer: each entry's resource validated against the R4 definitions (once per
   * content, validateFhirOnce: a patient's search answers the same prescriptions every time, and
   * validating them all again cost milliseconds each, on every doctor's pick); of the Bundle
   * itself, what is read (its entries and links) is checked. Anything else is the Centre failing.
   */
  private searchset(answer: Answer): Bundle {
    const bundle = answer.body as Bundle | null;
    const isObject = (v: unknown) => typeof v === 'object' && v !== null;
    const entriesRead = bundle?.entry === undefined || (Array.isArray(bundle.entry) && bundle.entry.every((e) => isObject(e) && (e.resource === undefined || isObject(e.resource))));
    const linksRead = bundle?.link === undefined || (Array.isArray(bundle.link) && bundle.link.every((l) => isObject(l) && typeof l.relation === 'string' && typeof l.url === 'string'));
    if (bundle?.resourceType !== 'Bundle' || !entriesRead || !linksRead) throw new CentreUnavailable(`the Prescription Centre answered ${answer.status} without a Bundle`);
    try {
      for (const entry of bundle.entry ?? []) if (entry.resource) validateFhirOnce(entry.resource);
    } catch (error) {
      if (error instanceof FhirInvalid) throw new CentreUnavailable(`the Prescription Centre answered an invalid Bundle entry: ${error.message}`);
      throw error;
    }
    return bundle;
  }
}
