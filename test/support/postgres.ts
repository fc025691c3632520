import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

export interface TestPostgres {
  /** postgres://…/postgres as the superuser. */
  adminUrl: string;
  /** Stops the server (fast shutdown: open connections are cut); the data stays. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and removes its data. */
  destroy(): Promise<void>;
}

/** A PostgreSQL server of its own (see postgres-server.mjs), controlled from this process. */
export async function startTestPostgres(): Promise<TestPostgres> {
  const child = spawn(process.execPath, [path.join(__dirname, 'postgres-server.mjs')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout });
  const waiting: Array<(line: string) => void> = [];
  const early: string[] = [];
  lines.on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else early.push(line);
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const ready = early.shift();
      if (ready !== undefined) return resolve(ready);
      waiting.push(resolve);
      child.once('exit', (code) => reject(new Error(`test PostgreSQL process exited (${code})`)));
    });
  const { adminUrl } = JSON.parse(await nextLine()) as { adminUrl: string };
  const command = async (name: 'stop' | 'start' | 'destroy') => {
    child.stdin.write(`${name}\n`);
    const answer = await nextLine();
    if (answer !== 'ok') throw new Error(`test PostgreSQL ${name}: ${answer}`);
  };
  return { adminUrl, stop: () => command('stop'), start: () => command('start'), destroy: () => command('destroy') };
}
