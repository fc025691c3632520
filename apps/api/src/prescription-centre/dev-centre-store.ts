/**
 * The embedded stand-in's storage (table dev_centre_resource): create with conditional-create
 * semantics, read, search by the patient's hetu. Everything stored is validated against the R4
 * definitions first, so the stand-in never serves what a real Centre would refuse.
 */
import { randomUUID } from 'node:crypto';
import type { MedicationRequest } from '@medplum/fhirtypes';
import type { Queryable } from '../platform/database/transactions.js';
import { HETU_SYSTEM } from './centre-medication-request.js';
import { validateFhir, validateFhirOnce } from './fhir-validation.js';

export interface StoredResource {
  resource: MedicationRequest;
  /** false: a resource already held the identifier (conditional create found it). */
  created: boolean;
}

/** Another resource holds the identifier of a plain create (without If-None-Exist). */
export class DuplicateIdentifier extends Error {}

/** '<system>|<value>' of an identifier. */
export function identifierKey(identifier: { system?: string; value?: string }): string {
  return `${identifier.system ?? ''}|${identifier.value ?? ''}`;
}

/**
 * Stores a MedicationRequest, giving it an id and meta (an id the request carried is ignored, as
 * FHIR's create does). It is validated once, as stored: what the stand-in accepts and what it
 * answers to the create are this one resource (FhirInvalid otherwise, before anything else is
 * looked at). With `ifNoneExist` (the identifier of a conditional create) an existing resource
 * holding it is answered instead; the unique index decides between parallel creates, so exactly
 * one is created.
 */
export async function createCentreResource(db: Queryable, resource: MedicationRequest, ifNoneExist: string | null, now = new Date()): Promise<StoredResource> {
  const stored = validateFhir<MedicationRequest>({ ...resource, id: randomUUID(), meta: { versionId: '1', lastUpdated: now.toISOString() } });
  const hetu = stored.subject?.identifier?.system === HETU_SYSTEM ? stored.subject.identifier.value : undefined;
  if (!hetu) throw new TypeError(`subject.identifier must be a hetu (${HETU_SYSTEM})`);
  const keys = (stored.identifier ?? []).map(identifierKey);
  if (ifNoneExist !== null && !keys.includes(ifNoneExist)) throw new TypeError(`If-None-Exist names an identifier the resource does not hold (${ifNoneExist})`);
  const key = ifNoneExist ?? keys[0] ?? null;
  const inserted = (await db.query(
    `INSERT INTO dev_centre_resource (id, resource_type, identifier, subject_hetu, resource, created_at) VALUES ($1, 'MedicationRequest', $2, $3, $4, $5)
     ON CONFLICT (resource_type, identifier) WHERE identifier IS NOT NULL DO NOTHING RETURNING id`,
    [stored.id, key, hetu, JSON.stringify(stored), now],
  )) as unknown[];
  if (inserted.length > 0) return { resource: stored, created: true };
  if (ifNoneExist === null) throw new DuplicateIdentifier(`a MedicationRequest already holds the identifier ${key}`);
  const [existing] = (await db.query(`SELECT resource FROM dev_centre_resource WHERE resource_type = 'MedicationRequest' AND identifier = $1`, [key])) as Array<{ resource: MedicationRequest }>;
  if (!existing) throw new Error(`the MedicationRequest holding ${key} vanished`);
  return { resource: validateFhirOnce(existing.resource), created: false };
}

export async function readCentreResource(db: Queryable, id: string): Promise<MedicationRequest | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = (await db.query(`SELECT resource FROM dev_centre_resource WHERE resource_type = 'MedicationRequest' AND id = $1`, [id])) as Array<{ resource: MedicationRequest }>;
  return row ? validateFhirOnce(row.resource) : null;
}

/** The patient's MedicationRequests, newest first (each validated as read, once per content: validateFhirOnce). */
export async function searchCentreResources(db: Queryable, hetu: string): Promise<MedicationRequest[]> {
  const rows = (await db.query(
    `SELECT resource FROM dev_centre_resource WHERE resource_type = 'MedicationRequest' AND subject_hetu = $1 ORDER BY resource->>'authoredOn' DESC, created_at DESC`,
    [hetu],
  )) as Array<{ resource: MedicationRequest }>;
  return rows.map((r) => validateFhirOnce(r.resource));
}
