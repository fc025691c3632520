/**
 * The resources a MedicationRequest's references lead to (pure): the doctor as a Practitioner and
 * the pharmacy and its offices as Organizations. Their ids tell the two kinds of organization
 * apart (`pharmacy-<id>`, `office-<id>`); the simulated doctor of sandbox orders is `sandbox`.
 * Only what a pharmacy system needs to show who decided and where: names, the doctor's Valvira
 * register number (never a personal identity code or an email), the pharmacy's phone.
 */
import type { Organization, Practitioner } from '@medplum/fhirtypes';
import { VALVIRA_REGISTER_SYSTEM } from '../prescription-centre/centre-medication-request.js';
import { SANDBOX_DOCTOR_NAME, type PractitionerRow } from '../orders/order-item-rows.js';
import { MAX_ID } from './fhir-search.js';

export const OFFICE_SYSTEM = 'urn:resepti:pharmacy-office';
export const PHARMACY_SYSTEM = 'urn:resepti:pharmacy';
export const SANDBOX_PRACTITIONER_ID = 'sandbox';

export const officeOrganizationId = (officeId: number): string => `office-${officeId}`;
export const pharmacyOrganizationId = (pharmacyId: number): string => `pharmacy-${pharmacyId}`;

const recordId = (text: string | undefined): number | null => (/^\d{1,10}$/.test(text ?? '') && Number(text) <= MAX_ID ? Number(text) : null);

/** A Practitioner id: a doctor's row id, or 'sandbox'; null for anything else (404). */
export function parsePractitionerId(id: string): number | 'sandbox' | null {
  return id === SANDBOX_PRACTITIONER_ID ? 'sandbox' : recordId(id);
}

/** An Organization id: `pharmacy-<id>` or `office-<id>`; null for anything else (404). */
export function parseOrganizationId(id: string): { kind: 'pharmacy' | 'office'; id: number } | null {
  const match = /^(pharmacy|office)-(\d+)$/.exec(id);
  const rowId = recordId(match?.[2]);
  return match && rowId !== null ? { kind: match[1] as 'pharmacy' | 'office', id: rowId } : null;
}

export function toPractitioner(id: number | 'sandbox', row: PractitionerRow): Practitioner {
  if (id === 'sandbox') return { resourceType: 'Practitioner', id: SANDBOX_PRACTITIONER_ID, active: true, name: [{ text: SANDBOX_DOCTOR_NAME }] };
  return {
    resourceType: 'Practitioner',
    id: String(id),
    ...(row.registerNumber ? { identifier: [{ system: VALVIRA_REGISTER_SYSTEM, value: row.registerNumber }] } : {}),
    active: true,
    name: [{ text: `${row.firstName} ${row.lastName}`.trim(), family: row.lastName, given: [row.firstName] }],
  };
}

export function toPharmacyOrganization(pharmacy: { id: number; name: string; phone: string }): Organization {
  return {
    resourceType: 'Organization',
    id: pharmacyOrganizationId(pharmacy.id),
    identifier: [{ system: PHARMACY_SYSTEM, value: String(pharmacy.id) }],
    active: true,
    type: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/organization-type', code: 'prov', display: 'Healthcare Provider' }] }],
    name: pharmacy.name,
    ...(pharmacy.phone ? { telecom: [{ system: 'phone', value: pharmacy.phone, use: 'work' }] } : {}),
  };
}

export function toOfficeOrganization(office: { id: number; name: string; pharmacyId: number; pharmacyName: string }): Organization {
  return {
    resourceType: 'Organization',
    id: officeOrganizationId(office.id),
    identifier: [{ system: OFFICE_SYSTEM, value: String(office.id) }],
    active: true,
    name: office.name,
    partOf: { reference: `Organization/${pharmacyOrganizationId(office.pharmacyId)}`, type: 'Organization', ...(office.pharmacyName ? { display: office.pharmacyName } : {}) },
  };
}
