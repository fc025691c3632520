// Runs independent commands at once, as many as the machine has cores (node scripts/parallel.mjs
// 'cmd one' 'cmd two' …): `npm run build`, `typecheck` and `test`'s checks use it. Each command's
// output is printed whole when it ends (not interleaved), with its time; the exit code is 1 when
// any command failed, after all have ended (every failure is shown, not only the first).
import { spawn } from 'node:child_process';
import os from 'node:os';

const commands = process.argv.slice(2);
const limit = Math.max(1, Math.min(commands.length, Number(process.env.PARALLEL_JOBS) || os.availableParallelism()));

function run(command) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`== ${command}: ${code === 0 ? 'ok' : `failed (${code})`} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...commands];
let failed = false;
await Promise.all(
  Array.from({ length: limit }, async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      if (!(await run(next))) failed = true;
    }
  }),
);
process.exit(failed ? 1 : 0);
