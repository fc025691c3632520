/**
 * A prescription as the Prescription Centre's FHIR R4 MedicationRequest, both ways (pure):
 * `toMedicationRequest` builds what Resepti records for an approved item; `toCentrePrescription` reads
 * what the Centre answers to a search. docs/eprescriptions.md documents every element and system.
 */
import type { Coding, Extension, MedicationRequest, Practitioner } from '@medplum/fhirtypes';
import { type CentrePrescription, helsinkiIsoDate, type MedicineValidityClass } from '@resepti/domain';
import { ORDER_ITEM_IDENTIFIER_SYSTEM, type PrescriptionToRecord } from './prescription-centre.port.js';

/** The Finnish personal identity code (henkilötunnus), the Digital and Population Data Services Agency's OID. */
export const HETU_SYSTEM = 'urn:oid:1.2.246.21';
/** The register number of Valvira's register of health-care professionals (Terhikki). */
export const VALVIRA_REGISTER_SYSTEM = 'urn:oid:1.2.246.537.26';
/** WHO's ATC classification. */
export const ATC_SYSTEM = 'http://www.whocc.no/atc';
/** The Nordic article number (VNR) of the package, as Fimea's Pharmaceutical Database lists it. */
export const VNR_SYSTEM = 'https://www.vnr.fi';
/** Our order (groupIdentifier): every item approved in one order shares it. */
export const ORDER_IDENTIFIER_SYSTEM = 'https://resepti.fi/fhir/order';
/** HL7's course of therapy: 'acute' is a curative course (not renewed), 'continuous' a long-term medicine. */
export const COURSE_OF_THERAPY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/medicationrequest-course-of-therapy';

/** Extensions for what R4 has no element for (valueBoolean / valueCode). */
const EXTENSION_BASE = 'https://resepti.fi/fhir/StructureDefinition';
export const EXTENSIONS = {
  /** 'ne repete': not to be renewed. */
  neRepete: `${EXTENSION_BASE}/ne-repete`,
  /** Given by telephone (puhelinresepti). */
  telephone: `${EXTENSION_BASE}/telephone-prescription`,
  /** The medicine's validity class (e-prescription-rules): narcotic-or-pkv, special-permit, biological, standard. */
  medicineClass: `${EXTENSION_BASE}/medicine-class`,
  /** Dispensed by a pharmacy at least once (the Centre's dispensing records, summed up by the gateway). */
  dispensed: `${EXTENSION_BASE}/dispensed`,
} as const;

const PRESCRIBER_ID = 'prescriber';

/** One approved item as the MedicationRequest recorded in the Centre (validated by the adapter before it is sent). */
export function toMedicationRequest(p: PrescriptionToRecord): MedicationRequest {
  const prescriberName = `${p.prescriber.firstName} ${p.prescriber.lastName}`.trim();
  const practitioner: Practitioner = {
    resourceType: 'Practitioner',
    id: PRESCRIBER_ID,
    identifier: [{ system: VALVIRA_REGISTER_SYSTEM, value: p.prescriber.registerNumber }],
    name: [{ family: p.prescriber.lastName, given: [p.prescriber.firstName], text: prescriberName }],
  };
  const coding: Coding[] = [];
  if (p.medication.vnr) coding.push({ system: VNR_SYSTEM, code: p.medication.vnr, display: medicationText(p) });
  if (p.medication.atcCode) coding.push({ system: ATC_SYSTEM, code: p.medication.atcCode });
  const extension: Extension[] = p.medicineClass ? [{ url: EXTENSIONS.medicineClass, valueCode: p.medicineClass }] : [];
  return {
    resourceType: 'MedicationRequest',
    contained: [practitioner],
    ...(extension.length ? { extension } : {}),
    identifier: [{ system: ORDER_ITEM_IDENTIFIER_SYSTEM, value: String(p.orderItemId) }],
    groupIdentifier: { system: ORDER_IDENTIFIER_SYSTEM, value: String(p.orderId) },
    status: 'active',
    intent: 'order',
    courseOfTherapyType: { coding: [{ system: COURSE_OF_THERAPY_SYSTEM, code: 'continuous' }] },
    medicationCodeableConcept: { ...(coding.length ? { coding } : {}), text: medicationText(p) },
    subject: { type: 'Patient', identifier: { system: HETU_SYSTEM, value: p.patient.hetu }, display: `${p.patient.firstName} ${p.patient.lastName}`.trim() },
    authoredOn: p.authoredOn,
    requester: { reference: `#${PRESCRIBER_ID}`, type: 'Practitioner', display: prescriberName },
    dosageInstruction: [{ text: p.dosageInstruction }],
    dispenseRequest: {
      validityPeriod: { start: helsinkiIsoDate(p.authoredOn), end: p.validUntil },
      quantity: { value: p.packages, unit: 'pakkaus' },
    },
    ...(p.priorPrescriptionId ? { priorPrescription: { reference: `MedicationRequest/${p.priorPrescriptionId}` } } : {}),
  };
}

/** 'Atorvastatin Krka 20 mg tabletti, kalvopäällysteinen 100 kpl': the product as the pharmacy reads it. */
function medicationText(p: PrescriptionToRecord): string {
  return [p.medication.name, p.medication.strength, p.medication.form, p.medication.packageSize].filter((s) => s && s.trim()).join(' ');
}

function extensionOf(resource: MedicationRequest, url: string): Extension | undefined {
  return resource.extension?.find((e) => e.url === url);
}

/** The prescriber's name: the contained Practitioner the requester points at, else the requester's display. */
function prescriberOf(resource: MedicationRequest): string {
  const reference = resource.requester?.reference;
  if (reference?.startsWith('#')) {
    const contained = resource.contained?.find((r) => r.resourceType === 'Practitioner' && r.id === reference.slice(1)) as Practitioner | undefined;
    const name = contained?.name?.[0];
    if (name) return name.text ?? [...(name.given ?? []), name.family].filter(Boolean).join(' ');
  }
  return resource.requester?.display ?? '';
}

/** A MedicationRequest the Centre holds, as the doctor and the renewal chat see it. */
export function toCentrePrescription(resource: MedicationRequest): CentrePrescription {
  const codings = resource.medicationCodeableConcept?.coding ?? [];
  const medicineClass = extensionOf(resource, EXTENSIONS.medicineClass)?.valueCode as MedicineValidityClass | undefined;
  return {
    id: resource.id ?? '',
    authoredOn: resource.authoredOn ?? '',
    prescriber: prescriberOf(resource),
    medication: {
      vnr: codings.find((c) => c.system === VNR_SYSTEM)?.code ?? null,
      atcCode: codings.find((c) => c.system === ATC_SYSTEM)?.code ?? '',
      name: resource.medicationCodeableConcept?.text ?? codings.find((c) => c.display)?.display ?? '',
    },
    dosageInstruction: (resource.dosageInstruction ?? []).map((d) => d.text ?? '').filter(Boolean).join('; '),
    validUntil: resource.dispenseRequest?.validityPeriod?.end ?? '',
    dispensed: extensionOf(resource, EXTENSIONS.dispensed)?.valueBoolean === true,
    curative: resource.courseOfTherapyType?.coding?.some((c) => c.system === COURSE_OF_THERAPY_SYSTEM && c.code === 'acute') ?? false,
    neRepete: extensionOf(resource, EXTENSIONS.neRepete)?.valueBoolean === true,
    telephone: extensionOf(resource, EXTENSIONS.telephone)?.valueBoolean === true,
    specialPermit: medicineClass === 'special-permit',
    narcoticOrPkv: medicineClass === 'narcotic-or-pkv',
  };
}

/**
 * A prescription the Centre holds, as its MedicationRequest (the inverse of toCentrePrescription):
 * the demo's histories in the stand-in and the tests' Centre are written with it. `identifier` is
 * the writing system's own (e.g. a health centre's), never ours.
 */
export function centrePrescriptionResource(p: Omit<CentrePrescription, 'id'>, patient: { hetu: string; name: string }, identifier: { system: string; value: string }): MedicationRequest {
  const extension: Extension[] = [{ url: EXTENSIONS.dispensed, valueBoolean: p.dispensed }];
  if (p.neRepete) extension.push({ url: EXTENSIONS.neRepete, valueBoolean: true });
  if (p.telephone) extension.push({ url: EXTENSIONS.telephone, valueBoolean: true });
  if (p.narcoticOrPkv || p.specialPermit) extension.push({ url: EXTENSIONS.medicineClass, valueCode: p.narcoticOrPkv ? 'narcotic-or-pkv' : 'special-permit' });
  const coding: Coding[] = [];
  if (p.medication.vnr) coding.push({ system: VNR_SYSTEM, code: p.medication.vnr, display: p.medication.name });
  if (p.medication.atcCode) coding.push({ system: ATC_SYSTEM, code: p.medication.atcCode });
  return {
    resourceType: 'MedicationRequest',
    extension,
    identifier: [identifier],
    status: 'active',
    intent: 'order',
    courseOfTherapyType: { coding: [{ system: COURSE_OF_THERAPY_SYSTEM, code: p.curative ? 'acute' : 'continuous' }] },
    medicationCodeableConcept: { ...(coding.length ? { coding } : {}), text: p.medication.name },
    subject: { type: 'Patient', identifier: { system: HETU_SYSTEM, value: patient.hetu }, display: patient.name },
    authoredOn: p.authoredOn,
    requester: { type: 'Practitioner', display: p.prescriber },
    dosageInstruction: [{ text: p.dosageInstruction }],
    dispenseRequest: { validityPeriod: { start: helsinkiIsoDate(p.authoredOn), end: p.validUntil } },
  };
}
