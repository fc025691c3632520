/**
 * `npm run openapi`: writes the integrator API's OpenAPI document to docs/openapi/integrator-v1.json
 * and the web API's to docs/openapi/web-api.json (or the paths given) without a database: Nest in preview mode reads the controllers' metadata and
 * instantiates no provider. The running app serves the same documents at /api/docs-json and
 * /ui-api/docs-json; tests fail when a committed file differs from them.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppModule } from '../app.module.js';
import { loadConfig } from '../platform/config/config.js';
import { buildIntegratorDocument } from '../integrator/integrator-docs.js';
import { buildWebApiDocument, setWebApiPrefix } from '../openapi/web-api-docs.js';

export const INTEGRATOR_SPEC_FILE = 'docs/openapi/integrator-v1.json';
export const WEB_API_SPEC_FILE = 'docs/openapi/web-api.json';

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', DATABASE_URL: '' });
  const app = await NestFactory.create(AppModule.forRoot(config, 'postgresql://preview.invalid/openapi_preview'), { preview: true, logger: false, bodyParser: false });
  setWebApiPrefix(app);
  const write = async (out: string, document: unknown, name: string) => {
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`${name} document written to ${out}`);
  };
  await write(process.argv[2] ?? INTEGRATOR_SPEC_FILE, buildIntegratorDocument(app), 'integrator API');
  await write(process.argv[3] ?? WEB_API_SPEC_FILE, buildWebApiDocument(app), 'web API');
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
