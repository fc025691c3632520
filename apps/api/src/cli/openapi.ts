/**
 * `npm run openapi`: writes the integrator API's OpenAPI document to docs/openapi/integrator-v1.json
 * (or the path given) without a database: Nest in preview mode reads the controllers' metadata and
 * instantiates no provider. The running app serves the same document at /api/docs-json; a test
 * fails when the committed file differs from it.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppModule } from '../app.module.js';
import { loadConfig } from '../config/config.js';
import { buildIntegratorDocument } from '../integrator/integrator-docs.js';

export const INTEGRATOR_SPEC_FILE = 'docs/openapi/integrator-v1.json';

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', DATABASE_URL: '' });
  const app = await NestFactory.create(AppModule.forRoot(config, 'postgresql://preview.invalid/openapi_preview'), { preview: true, logger: false, bodyParser: false });
  const out = process.argv[2] ?? INTEGRATOR_SPEC_FILE;
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(buildIntegratorDocument(app), null, 2)}\n`);
  console.log(`integrator API document written to ${out}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
