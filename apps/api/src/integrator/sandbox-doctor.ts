import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { OrderLifecycleService } from '../orders/order-lifecycle.service.js';

/** The simulated doctor looks for due steps at most this often (more often when decisions are quicker). */
const POLL_MAX_MS = 1000;

/**
 * The integrators' sandbox doctor, on every API process: polls for sandbox orders whose next step
 * is due and takes it through the order lifecycle (decideSandboxOrder): picked half of
 * SANDBOX_DECISION_SECONDS after placing, decided (sandboxDecision) and delivered the other half
 * later. The claim is a row lock in the database, so two processes never take the same step, and
 * the state lives only in the orders: after a restart the next poll goes on where it was.
 */
@Injectable()
export class SandboxDoctor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SandboxDoctor.name);
  private readonly stepSeconds: number;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly lifecycle: OrderLifecycleService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.stepSeconds = config.sandbox.decisionSeconds / 2;
    this.pollMs = Math.min(POLL_MAX_MS, (this.stepSeconds * 1000) / 2);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.round(), this.pollMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Takes every due step, one order at a time; a round still running makes the next tick wait. */
  async round(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let steps = 0;
    try {
      while ((await this.lifecycle.decideSandboxOrder(this.stepSeconds)) !== null) steps++;
    } catch (err) {
      this.logger.error(`sandbox round failed: ${String(err)}`);
    } finally {
      this.running = false;
    }
    return steps;
  }
}
