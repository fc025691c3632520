import type { Server } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

/**
 * Lets a stopping process finish what it has started: counts the requests in flight, and once
 * draining has begun tells every client to close its connection after the answer.
 */
export class GracefulShutdown {
  private inFlight = 0;
  private draining = false;
  private idle: (() => void) | undefined;

  /** Express middleware, first in the chain. */
  readonly track = (_req: Request, res: Response, next: NextFunction): void => {
    this.inFlight++;
    if (this.draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      this.inFlight--;
      if (this.inFlight === 0) this.idle?.();
    });
    next();
  };

  get requestsInFlight(): number {
    return this.inFlight;
  }

  /**
   * Stops accepting connections, closes idle keep-alive ones, and resolves when every request in
   * flight has been answered, or after `timeoutMs`. Resolves with how many were still running.
   */
  async drain(server: Server, timeoutMs: number): Promise<number> {
    this.draining = true;
    server.close();
    server.closeIdleConnections();
    if (this.inFlight > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        this.idle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return this.inFlight;
  }
}
