/**
 * A Prescription Centre the test controls: a real HTTP FHIR R4 server on a free loopback port,
 * with the semantics the app relies on (docs/eprescriptions.md):
 * - `POST {url}/MedicationRequest` with conditional create: `If-None-Exist: identifier=<system>|<value>`
 *   answers the resource already holding that identifier (200), else creates it (201, Location);
 * - `GET {url}/MedicationRequest/{id}` and `GET {url}/MedicationRequest?subject:identifier=<system>|<hetu>`
 *   (a searchset Bundle, newest first);
 * - `GET {url}/metadata`.
 * Everything it receives is validated with the app's own function (validateFhir): an invalid
 * resource is a 400 OperationOutcome, and the test sees it in `invalid`.
 * The test steers it: `failNext(n, status)`, `down()` / `up()` (connections refused, or 503),
 * `delayMs`, and reads `requests` (method, path, If-None-Exist, Authorization, body) to count
 * creates per identifier.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Bundle, MedicationRequest, OperationOutcome, Resource } from '@medplum/fhirtypes';
import { fhirErrors, validateFhir } from '../../apps/api/src/prescription-centre/fhir-validation';
import { freePort } from './ports';

export const HETU_SYSTEM = 'urn:oid:1.2.246.21';

export interface CentreRequest {
  method: string;
  /** Path with the query, below the server's root ('/fhir/MedicationRequest?…'). */
  path: string;
  ifNoneExist: string | null;
  authorization: string | null;
  contentType: string | null;
  body: unknown;
  /** The status it answered (0 while its answer is delayed, or when it was never answered). */
  status: number;
}

export interface ControlledCentre {
  /** The FHIR base URL (PRESCRIPTION_CENTRE_URL). */
  url: string;
  /** Every request received, in order. */
  requests: CentreRequest[];
  /** The resources sent that failed validation (each answered 400). */
  invalid: Array<{ resource: unknown; outcome: OperationOutcome }>;
  /** Milliseconds to wait before answering each request. */
  delayMs: number;
  /** The next `n` requests answer `status` with an OperationOutcome saying `reason` (and change nothing). */
  failNext(n: number, status: number, reason?: string): void;
  /** 'refuse': connections refused (the port closed); '503': every request answers 503. */
  down(mode?: 'refuse' | '503'): Promise<void>;
  up(): Promise<void>;
  /** The MedicationRequests held, in creation order. */
  resources(): MedicationRequest[];
  /** Puts a prescription there directly (validated), e.g. a patient's history; returns it with its id. */
  seed(resource: MedicationRequest): MedicationRequest;
  /** POSTs answered 201 for this identifier value ('<system>|<value>' or the value alone). */
  createsOf(identifier: string): number;
  /** Creates answered with the same If-None-Exist (201 and 200) for this identifier value. */
  postsOf(identifier: string): number;
  close(): Promise<void>;
}

const FHIR_JSON = 'application/fhir+json';

function outcome(code: string, text: string): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: code as 'invalid', details: { text } }] };
}

function identifierKey(resource: MedicationRequest): string[] {
  return (resource.identifier ?? []).map((i) => `${i.system ?? ''}|${i.value ?? ''}`);
}

function matches(key: string, identifier: string): boolean {
  return key === identifier || key.endsWith(`|${identifier}`);
}

export async function startControlledCentre(options: { delayMs?: number } = {}): Promise<ControlledCentre> {
  const port = await freePort();
  const held: MedicationRequest[] = [];
  const failures: Array<{ status: number; reason: string }> = [];
  let mode: 'up' | 'refuse' | '503' = 'up';
  const sockets = new Set<Socket>();

  const store = (resource: MedicationRequest): MedicationRequest => {
    const stored: MedicationRequest = { ...resource, id: randomUUID(), meta: { versionId: '1', lastUpdated: new Date().toISOString() } };
    validateFhir(stored);
    held.push(stored);
    return stored;
  };

  const answer = (res: http.ServerResponse, status: number, body: Resource, headers: Record<string, string> = {}): number => {
    validateFhir(body);
    res.writeHead(status, { 'Content-Type': FHIR_JSON, ...headers });
    res.end(JSON.stringify(body));
    return status;
  };

  const handle = (req: http.IncomingMessage, res: http.ServerResponse, raw: string): number => {
    const url = new URL(req.url ?? '/', 'http://centre');
    const failure = failures.shift();
    if (failure) return answer(res, failure.status, outcome(failure.status >= 500 ? 'transient' : 'business-rule', failure.reason));
    if (mode === '503') return answer(res, 503, outcome('transient', 'The Prescription Centre is down for maintenance.'));
    const route = url.pathname.replace(/^\/fhir/, '');
    if (req.method === 'GET' && route === '/metadata') {
      return answer(res, 200, {
        resourceType: 'CapabilityStatement',
        status: 'active',
        date: new Date().toISOString(),
        kind: 'instance',
        implementation: { description: 'A Prescription Centre the test controls', url: centre.url },
        fhirVersion: '4.0.1',
        format: ['json'],
        rest: [{ mode: 'server', resource: [{ type: 'MedicationRequest', interaction: [{ code: 'create' }, { code: 'read' }, { code: 'search-type' }], conditionalCreate: true }] }],
      });
    }
    if (req.method === 'POST' && route === '/MedicationRequest') {
      let resource: MedicationRequest;
      try {
        resource = JSON.parse(raw) as MedicationRequest;
      } catch {
        return answer(res, 400, outcome('structure', 'The body is not JSON.'));
      }
      const issues = fhirErrors(resource);
      if (issues.length > 0 || resource.resourceType !== 'MedicationRequest') {
        const invalid: OperationOutcome = { resourceType: 'OperationOutcome', issue: issues.length ? issues : outcome('invalid', 'Not a MedicationRequest').issue };
        centre.invalid.push({ resource, outcome: invalid });
        return answer(res, 400, invalid);
      }
      const condition = req.headers['if-none-exist'];
      if (typeof condition === 'string') {
        const identifier = new URLSearchParams(condition).get('identifier');
        if (!identifier) return answer(res, 400, outcome('invalid', 'If-None-Exist names no identifier.'));
        const existing = held.find((r) => identifierKey(r).includes(identifier));
        if (existing) return answer(res, 200, existing, { Location: `${centre.url}/MedicationRequest/${existing.id}` });
      }
      const stored = store(resource);
      return answer(res, 201, stored, { Location: `${centre.url}/MedicationRequest/${stored.id}` });
    }
    const read = /^\/MedicationRequest\/([^/]+)$/.exec(route);
    if (req.method === 'GET' && read) {
      const found = held.find((r) => r.id === read[1]);
      return found ? answer(res, 200, found) : answer(res, 404, outcome('not-found', `MedicationRequest/${read[1]} is not known.`));
    }
    if (req.method === 'GET' && route === '/MedicationRequest') {
      const subject = url.searchParams.get('subject:identifier');
      const [system, value] = (subject ?? '').split('|');
      if (!subject || system !== HETU_SYSTEM || !value) return answer(res, 400, outcome('invalid', 'Search by subject:identifier=urn:oid:1.2.246.21|<hetu>.'));
      const found = held
        .filter((r) => r.subject.identifier?.system === HETU_SYSTEM && r.subject.identifier.value === value)
        .sort((a, b) => (b.authoredOn ?? '').localeCompare(a.authoredOn ?? ''));
      const bundle: Bundle<MedicationRequest> = {
        resourceType: 'Bundle',
        type: 'searchset',
        total: found.length,
        ...(found.length ? { entry: found.map((r) => ({ fullUrl: `${centre.url}/MedicationRequest/${r.id}`, resource: r, search: { mode: 'match' as const } })) } : {}),
      };
      return answer(res, 200, bundle);
    }
    return answer(res, 404, outcome('not-supported', `${req.method} ${route} is not supported.`));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        // kept as text
      }
      // Listed as it arrives (status 0 until answered): a test can act while its answer is delayed.
      const entry: CentreRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        ifNoneExist: typeof req.headers['if-none-exist'] === 'string' ? req.headers['if-none-exist'] : null,
        authorization: req.headers.authorization ?? null,
        contentType: req.headers['content-type'] ?? null,
        body,
        status: 0,
      };
      centre.requests.push(entry);
      setTimeout(() => {
        try {
          entry.status = handle(req, res, raw);
        } catch (error) {
          entry.status = 500;
          res.writeHead(500, { 'Content-Type': 'text/plain' });
          res.end(String(error));
        }
      }, centre.delayMs);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = () => new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const stop = () => new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    for (const socket of sockets) socket.destroy();
  });
  await listen();

  const countPosts = (identifier: string, statuses: number[]) =>
    centre.requests.filter((r) => r.method === 'POST' && statuses.includes(r.status) && r.ifNoneExist !== null && matches(new URLSearchParams(r.ifNoneExist).get('identifier') ?? '', identifier)).length;

  const centre: ControlledCentre = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/fhir`,
    requests: [],
    invalid: [],
    delayMs: options.delayMs ?? 0,
    failNext(n, status, reason = status >= 500 ? 'Temporarily unavailable.' : 'Refused.') {
      for (let i = 0; i < n; i++) failures.push({ status, reason });
    },
    async down(how = 'refuse') {
      mode = how;
      if (how === 'refuse') await stop();
    },
    async up() {
      const wasRefusing = mode === 'refuse';
      mode = 'up';
      if (wasRefusing) await listen();
    },
    resources: () => [...held],
    seed: (resource) => store(resource),
    createsOf: (identifier) => countPosts(identifier, [201]),
    postsOf: (identifier) => countPosts(identifier, [200, 201]),
    close: stop,
  };
  return centre;
}
