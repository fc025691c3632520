import { Injectable } from '@nestjs/common';

/** Whether this process has begun to stop (SIGTERM): readiness answers 503 from then on. */
@Injectable()
export class ShutdownState {
  private stopping = false;

  begin(): void {
    this.stopping = true;
  }

  get shuttingDown(): boolean {
    return this.stopping;
  }
}
