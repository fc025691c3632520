import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './ports';

/**
 * A redis-server of the test's own on a free port (never the shared one: fault tests kill
 * it). No persistence, like the deployment's: a restart loses everything.
 */
export class TestRedis {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** A port for a Redis that is not running yet (call start() later). */
  static async reserve(): Promise<TestRedis> {
    return new TestRedis(await freePort());
  }

  /** Starts (or restarts) the server on its port; resolves once it accepts connections. */
  async start(): Promise<void> {
    if (this.child) throw new Error('redis-server is already running');
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (d: Buffer) => {
        output += d.toString();
        if (output.includes('Ready to accept connections')) {
          child.stdout?.off('data', onData);
          child.stdout?.resume();
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
    });
  }

  /** Kills the server at once (SIGKILL: no goodbye to its clients). */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
