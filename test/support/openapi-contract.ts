/**
 * The committed integrator contract (docs/openapi/integrator-v1.json) as a checker: every answer
 * the integrator tests get goes through `checkAnswer`, which fails the test that caused it when
 * the status is not declared for the operation, the media type is not the declared one, or the
 * body does not match the declared schema (Ajv). An undocumented route may only answer
 * problem+json 404 or 405.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const INTEGRATOR_SPEC_PATH = path.resolve(__dirname, '../../docs/openapi/integrator-v1.json');

type Json = Record<string, any>;
const SPEC_ID = 'https://resepti.test/integrator-v1.json';

export interface Contract {
  spec: Json;
  /** Throws when the answer does not follow the document. */
  checkAnswer(method: string, url: string, status: number, contentType: string | null, body: unknown): void;
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${SPEC_ID}${v}` : rewriteRefs(v)]));
  }
  return value;
}

export function loadContract(file = INTEGRATOR_SPEC_PATH): Contract {
  const spec = JSON.parse(readFileSync(file, 'utf8')) as Json;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: SPEC_ID, components: spec.components });
  const compiled = new Map<string, ValidateFunction>();
  const validator = (key: string, schema: Json) => {
    let fn = compiled.get(key);
    if (!fn) compiled.set(key, (fn = ajv.compile(rewriteRefs(schema) as Json)));
    return fn;
  };
  const routes = Object.entries(spec.paths as Record<string, Json>).map(([template, item]) => ({
    template,
    item,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));

  return {
    spec,
    checkAnswer(method, url, status, contentType, body) {
      const { pathname } = new URL(url, 'http://x');
      const route = routes.find((r) => r.pattern.test(pathname));
      const op = route?.item[method.toLowerCase()] as Json | undefined;
      const where = `${method} ${pathname} → ${status}`;
      const mediaType = contentType?.split(';')[0].trim() ?? null;
      if (!op) {
        if (![404, 405].includes(status) || mediaType !== 'application/problem+json') throw new Error(`${where}: not in the contract`);
        const check = validator('problem', { $ref: '#/components/schemas/Problem' });
        if (!check(body)) throw new Error(`${where}: ${ajv.errorsText(check.errors)}`);
        return;
      }
      const response = op.responses[String(status)] as Json | undefined;
      if (!response) throw new Error(`${where}: status not declared (declared: ${Object.keys(op.responses).join(', ')})`);
      const content = response.content as Json | undefined;
      if (!content) {
        if (body !== undefined && body !== '') throw new Error(`${where}: a body where the contract declares none`);
        return;
      }
      if (!mediaType || !content[mediaType]) throw new Error(`${where}: media type ${mediaType} not declared (declared: ${Object.keys(content).join(', ')})`);
      const check = validator(`${route!.template} ${method} ${status} ${mediaType}`, content[mediaType].schema as Json);
      if (!check(body)) throw new Error(`${where}: the body does not match the contract: ${ajv.errorsText(check.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
    },
  };
}

let shared: Contract | undefined;
/** One checker per test process. */
export const contract = (): Contract => (shared ??= loadContract());
