/**
 * The committed contracts (docs/openapi/integrator-v1.json and docs/openapi/web-api.json) as
 * checkers: every answer the integrator and web API tests get goes through `checkAnswer`, which
 * fails the test that caused it when the status is not declared for the operation, the media type
 * is not the declared one, or the body does not match the declared schema (Ajv, with OpenAPI 3.0's
 * `nullable`). An undocumented route may only answer the API's own "no such route" error: the
 * integrator API's problem+json 404 or 405, the web API's JSON 404.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const INTEGRATOR_SPEC_PATH = path.resolve(__dirname, '../../docs/openapi/integrator-v1.json');
export const WEB_API_SPEC_PATH = path.resolve(__dirname, '../../docs/openapi/web-api.json');

type Json = Record<string, any>;

/** What a document allows outside its operations. */
interface ContractOptions {
  /** The $id the document's schemas are registered under (one per document). */
  id: string;
  /** The statuses, media type and schema an unknown route (or method) answers with. */
  unknownRoute: { statuses: number[]; mediaType: string; schema: string };
  /** Paths that are not part of the API (e.g. the document itself): not checked. */
  unchecked?: RegExp;
}

const INTEGRATOR_OPTIONS: ContractOptions = {
  id: 'https://resepti.test/integrator-v1.json',
  unknownRoute: { statuses: [404, 405], mediaType: 'application/problem+json', schema: 'Problem' },
};
const WEB_API_OPTIONS: ContractOptions = {
  id: 'https://resepti.test/web-api.json',
  unknownRoute: { statuses: [404], mediaType: 'application/json', schema: 'WebError' },
  unchecked: /^\/ui-api\/docs(-json)?$/,
};

export interface Contract {
  spec: Json;
  /** Throws when the answer does not follow the document. */
  checkAnswer(method: string, url: string, status: number, contentType: string | null, body: unknown): void;
}

/** The document's schema as JSON Schema for Ajv: refs into the registered document, OpenAPI 3.0's `nullable` as `null` allowed. */
function toJsonSchema(value: unknown, id: string): unknown {
  if (Array.isArray(value)) return value.map((v) => toJsonSchema(v, id));
  if (!value || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Json;
  const converted = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${id}${v}` : k === 'properties' ? Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, toJsonSchema(s, id)])) : toJsonSchema(v, id)]));
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
}

export function loadContract(file = INTEGRATOR_SPEC_PATH, options: ContractOptions = INTEGRATOR_OPTIONS): Contract {
  const spec = JSON.parse(readFileSync(file, 'utf8')) as Json;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: options.id, components: toJsonSchema(spec.components, options.id) });
  const compiled = new Map<string, ValidateFunction>();
  const validator = (key: string, schema: Json) => {
    let fn = compiled.get(key);
    if (!fn) compiled.set(key, (fn = ajv.compile(toJsonSchema(schema, options.id) as Json)));
    return fn;
  };
  // Literal paths before templated ones (/a/current before /a/{id}).
  const routes = Object.entries(spec.paths as Record<string, Json>)
    .map(([template, item]) => ({
      template,
      item,
      // An empty segment too: the router hands `/a/` to `/a/{id}` (whose pipe answers 400).
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]*')}$`),
    }))
    .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));

  return {
    spec,
    checkAnswer(method, url, status, contentType, body) {
      const { pathname } = new URL(url, 'http://x');
      if (options.unchecked?.test(pathname)) return;
      const route = routes.find((r) => r.pattern.test(pathname));
      const op = route?.item[method.toLowerCase()] as Json | undefined;
      const where = `${method} ${pathname} → ${status}`;
      const mediaType = contentType?.split(';')[0].trim() ?? null;
      if (!op) {
        const { statuses, mediaType: expected, schema } = options.unknownRoute;
        if (!statuses.includes(status) || mediaType !== expected) throw new Error(`${where}: not in the contract`);
        const check = validator(`unknown ${schema}`, { $ref: `#/components/schemas/${schema}` });
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
      // An empty body where the schema allows null (e.g. "the office of this session, or an empty body").
      const answer = !mediaType && (body === undefined || body === '') && content['application/json'] ? { type: 'application/json', body: null } : { type: mediaType, body };
      if (!answer.type || !content[answer.type]) throw new Error(`${where}: media type ${mediaType} not declared (declared: ${Object.keys(content).join(', ')})`);
      const check = validator(`${route!.template} ${method} ${status} ${answer.type}`, content[answer.type].schema as Json);
      if (!check(answer.body)) throw new Error(`${where}: the body does not match the contract: ${ajv.errorsText(check.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
    },
  };
}

let shared: Contract | undefined;
/** The integrator API's checker, one per test process. */
export const contract = (): Contract => (shared ??= loadContract());

let sharedWeb: Contract | undefined;
/** The web API's checker, one per test process. */
export const webContract = (): Contract => (sharedWeb ??= loadContract(WEB_API_SPEC_PATH, WEB_API_OPTIONS));
