/**
 * Generates the integrators' typed client from the integrator API's OpenAPI document: one method
 * per operation (its operationId), path and query parameters, the Idempotency-Key header, and the
 * payload types the operation names in `x-resepti-types` (from @resepti/domain). Run by
 * `npm run admin -- integrator-client [--from URL] [--out FILE]`; a test checks that the committed
 * client is what the running API's document generates.
 */
import type { OpenAPIObject } from '@nestjs/swagger';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  description?: string;
}

interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: Parameter[];
  'x-resepti-types'?: { request?: string; response?: string };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Where the generated client lives in the repository (also what the tests import). */
export const INTEGRATOR_CLIENT_FILE = 'libs/integrator-client/resepti-integrator-client.ts';

const camel = (header: string) => header.toLowerCase().replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

export function generateIntegratorClient(document: OpenAPIObject): string {
  const operations: string[] = [];
  const types = new Set<string>(['ProblemDetails', 'IntegratorTokenResponse']);
  const entries = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = (item as Record<string, Operation | undefined>)[method];
      return op?.operationId && path.startsWith('/api/v1/') ? [{ path, method, op }] : [];
    }),
  );
  entries.sort((a, b) => a.op.operationId!.localeCompare(b.op.operationId!));
  for (const { path, method, op } of entries) {
    const params = op.parameters ?? [];
    const pathParams = params.filter((p) => p.in === 'path');
    const query = params.filter((p) => p.in === 'query');
    // A header documented and read by the handler appears twice (Idempotency-Key, idempotency-key): once here.
    const headers = params.filter((p, i) => p.in === 'header' && params.findIndex((q) => q.in === 'header' && camel(q.name) === camel(p.name)) === i);
    const { request, response = 'void' } = op['x-resepti-types'] ?? {};
    for (const t of [request, response]) for (const name of (t ?? '').matchAll(/\b[A-Z][A-Za-z]+\b/g)) types.add(name[0]);
    const args = [
      ...pathParams.map((p) => `${p.name}: number`),
      ...(request ? [`body: ${request}`] : []),
      ...(query.length ? [`query: { ${query.map((q) => `${q.name}?: string`).join('; ')} } = {}`] : []),
      ...(headers.length ? [`options: { ${headers.map((h) => `${camel(h.name)}?: string`).join('; ')} } = {}`] : []),
    ];
    const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => `\${encodeURIComponent(String(${name}))}`);
    const init = [
      ...(request ? ['body'] : []),
      ...(query.length ? ['query'] : []),
      ...(headers.length ? [`headers: { ${headers.map((h) => `'${h.name}': options.${camel(h.name)}`).join(', ')} }`] : []),
    ];
    operations.push(
      [
        `  /** ${op.summary ?? `${method.toUpperCase()} ${path}`} */`,
        `  ${op.operationId}(${args.join(', ')}): Promise<IntegratorResult<${response}>> {`,
        `    return this.request<${response}>('${method.toUpperCase()}', \`${url}\`${init.length ? `, { ${init.join(', ')} }` : ''});`,
        '  }',
      ].join('\n'),
    );
  }
  return `// Generated from the integrator API's OpenAPI document (/api/docs-json) by
// \`npm run admin -- integrator-client\`. Do not edit: regenerate.
import type { ${[...types].sort().join(', ')} } from '@resepti/domain';

/** An answer: \`data\` on 2xx, \`problem\` (RFC 9457) otherwise. */
export interface IntegratorResult<T> {
  status: number;
  data: T | undefined;
  problem: ProblemDetails | undefined;
  headers: Headers;
}

interface RequestInit {
  body?: unknown;
  query?: Record<string, string | undefined>;
  headers?: Record<string, string | undefined>;
}

/** The Resepti integrator API (${document.info.title} ${document.info.version}). */
export class ReseptiIntegratorApi {
  private accessToken: string | undefined;

  constructor(
    readonly baseUrl: string,
    private readonly clientId: string,
    private readonly clientSecret: string,
  ) {}

  /** POST /api/oauth/token (client_credentials, HTTP Basic); kept for the following calls. */
  async signIn(): Promise<IntegratorResult<IntegratorTokenResponse>> {
    const basic = Buffer.from(\`\${encodeURIComponent(this.clientId)}:\${encodeURIComponent(this.clientSecret)}\`).toString('base64');
    const res = await fetch(\`\${this.baseUrl}/api/oauth/token\`, {
      method: 'POST',
      headers: { authorization: \`Basic \${basic}\`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = (await res.json()) as IntegratorTokenResponse & { error_description?: string };
    if (!res.ok) return { status: res.status, data: undefined, problem: { type: 'about:blank', title: 'invalid_client', status: res.status, detail: body.error_description }, headers: res.headers };
    this.accessToken = body.access_token;
    return { status: res.status, data: body, problem: undefined, headers: res.headers };
  }

  private async request<T>(method: string, path: string, init: RequestInit = {}): Promise<IntegratorResult<T>> {
    const query = Object.entries(init.query ?? {}).filter((e): e is [string, string] => e[1] !== undefined);
    const url = \`\${this.baseUrl}\${path}\${query.length ? \`?\${new URLSearchParams(query).toString()}\` : ''}\`;
    const headers: Record<string, string> = { authorization: \`Bearer \${this.accessToken ?? ''}\` };
    for (const [name, value] of Object.entries(init.headers ?? {})) if (value !== undefined) headers[name] = value;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    const text = await res.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    return res.ok
      ? { status: res.status, data: parsed as T, problem: undefined, headers: res.headers }
      : { status: res.status, data: undefined, problem: parsed as ProblemDetails, headers: res.headers };
  }

${operations.join('\n\n')}
}
`;
}
