/**
 * The embedded Prescription Centre stand-in, mounted at /dev-prescription-centre/fhir while
 * PRESCRIPTION_CENTRE_URL is unset (never in production: loadConfig refuses to start there without
 * it). It answers what Resepti's client uses of a real Centre, in FHIR R4 JSON:
 * `GET metadata`, `POST MedicationRequest` (conditional create with If-None-Exist),
 * `GET MedicationRequest/{id}` and `GET MedicationRequest?subject:identifier=urn:oid:1.2.246.21|<hetu>`.
 * What it accepts is validated against the R4 definitions (400 OperationOutcome otherwise), and so
 * is what it serves. The app's client reaches it over HTTP, so development runs the real client.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Bundle, CapabilityStatement, MedicationRequest, OperationOutcome, OperationOutcomeIssue, Resource } from '@medplum/fhirtypes';
import type { DataSource } from 'typeorm';
import { HETU_SYSTEM } from './centre-medication-request.js';
import { createCentreResource, DuplicateIdentifier, readCentreResource, searchCentreResources } from './dev-centre-store.js';
import { FHIR_JSON } from './fhir-centre-client.js';
import { FhirInvalid, validateFhir } from './fhir-validation.js';

function outcome(code: OperationOutcomeIssue['code'], text: string, issues?: OperationOutcomeIssue[]): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: issues?.length ? issues : [{ severity: 'error', code, details: { text } }] };
}

/** Answers with `resource`, validated first unless it is the one this request has just validated (`validated`). */
function send(res: Response, status: number, resource: Resource, headers: Record<string, string> = {}, validated = false): void {
  if (!validated) validateFhir(resource);
  res.status(status).set({ 'Cache-Control': 'no-store', ...headers }).type(FHIR_JSON).send(JSON.stringify(resource));
}

function capabilityStatement(baseUrl: string): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: new Date().toISOString(),
    publisher: 'Resepti (development stand-in)',
    description: "A development stand-in for Kanta's Prescription Centre: never used in production.",
    kind: 'instance',
    software: { name: 'Resepti Prescription Centre stand-in' },
    implementation: { description: "Resepti's embedded Prescription Centre stand-in", url: baseUrl },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json'],
    rest: [
      {
        mode: 'server',
        resource: [
          {
            type: 'MedicationRequest',
            interaction: [{ code: 'create' }, { code: 'read' }, { code: 'search-type' }],
            conditionalCreate: true,
            searchParam: [{ name: 'subject:identifier', type: 'token', documentation: `The patient's hetu: ${HETU_SYSTEM}|<hetu>` }],
          },
        ],
      },
    ],
  };
}

/** `identifier=<system>|<value>` of an If-None-Exist header (null: none; throws on anything else). */
function conditionOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  const params = new URLSearchParams(header);
  const identifier = params.get('identifier');
  if (!identifier || [...params.keys()].length !== 1) throw new TypeError('If-None-Exist must be identifier=<system>|<value>');
  return identifier;
}

export function createDevPrescriptionCentre(dataSource: DataSource, baseUrl: string): Router {
  const router = express.Router();
  router.use(express.json({ type: ['application/fhir+json', 'application/json'], limit: '100kb' }));

  router.get('/fhir/metadata', (_req, res) => send(res, 200, capabilityStatement(baseUrl)));

  router.post('/fhir/MedicationRequest', async (req: Request, res: Response, next: NextFunction) => {
    try {
      const body = req.body as unknown;
      if (typeof body !== 'object' || body === null || (body as Resource).resourceType !== 'MedicationRequest') {
        return send(res, 400, outcome('invalid', 'The body must be a FHIR MedicationRequest (application/fhir+json).'));
      }
      try {
        const condition = conditionOf(req.header('If-None-Exist'));
        const { resource, created } = await createCentreResource(dataSource, body as MedicationRequest, condition);
        // Validated by the store: as it was stored, or as it was read back (one found by the condition).
        send(res, created ? 201 : 200, resource, { Location: `${baseUrl}/MedicationRequest/${resource.id}/_history/1`, ETag: 'W/"1"' }, true);
      } catch (error) {
        if (error instanceof FhirInvalid) return send(res, 400, outcome('invalid', 'Not a valid FHIR R4 MedicationRequest.', error.outcome.issue));
        if (error instanceof DuplicateIdentifier) return send(res, 409, outcome('duplicate', error.message));
        if (error instanceof TypeError) return send(res, 400, outcome('invalid', error.message));
        throw error;
      }
    } catch (error) {
      next(error);
    }
  });

  router.get('/fhir/MedicationRequest/:id', async (req: Request, res: Response, next: NextFunction) => {
    try {
      const id = String(req.params.id);
      const resource = await readCentreResource(dataSource, id);
      if (!resource) return send(res, 404, outcome('not-found', `MedicationRequest/${id.slice(0, 64)} is not known.`));
      send(res, 200, resource, {}, true); // validated as read
    } catch (error) {
      next(error);
    }
  });

  router.get('/fhir/MedicationRequest', async (req: Request, res: Response, next: NextFunction) => {
    try {
      const subject = req.query['subject:identifier'];
      const [system, hetu] = typeof subject === 'string' ? subject.split('|') : [];
      if (system !== HETU_SYSTEM || !hetu) return send(res, 400, outcome('invalid', `Search by subject:identifier=${HETU_SYSTEM}|<hetu>.`));
      const found = await searchCentreResources(dataSource, hetu);
      const bundle: Bundle<MedicationRequest> = {
        resourceType: 'Bundle',
        type: 'searchset',
        total: found.length,
        link: [{ relation: 'self', url: `${baseUrl}/MedicationRequest?${new URLSearchParams({ 'subject:identifier': `${HETU_SYSTEM}|${hetu}` })}` }],
        ...(found.length ? { entry: found.map((r) => ({ fullUrl: `${baseUrl}/MedicationRequest/${r.id}`, resource: r, search: { mode: 'match' as const } })) } : {}),
      };
      // Each entry was validated as it was read (searchCentreResources); the envelope is built here.
      // Validating the whole Bundle again cost a validation per prescription on every search.
      send(res, 200, bundle, {}, true);
    } catch (error) {
      next(error);
    }
  });

  router.use((req: Request, res: Response) => send(res, 404, outcome('not-supported', `${req.method} ${req.path} is not supported by the stand-in.`)));
  // A body that is not JSON, or a failure: an OperationOutcome as a real server answers.
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: number }).status;
    if (status && status >= 400 && status < 500) return send(res, status, outcome('invalid', (error as Error).message));
    send(res, 500, outcome('exception', `The stand-in failed: ${String((error as Error).message ?? error)}`));
  });
  return router;
}
