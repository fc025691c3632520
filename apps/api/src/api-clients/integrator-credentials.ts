import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';

/**
 * Client secrets and access tokens of the integrator API. A secret is 256 random bits shown once
 * and stored as its SHA-256. An access token is self-contained and signed with a key derived from
 * SESSION_SECRET (the same on every node): `rat_<client row id>.<expiry unix s>.<nonce>.<hmac>`;
 * each use also checks that the client is not revoked, so a revocation ends its tokens at once.
 */
export const newClientId = () => `rc_${randomBytes(12).toString('base64url')}`;
export const newClientSecret = () => `rcs_${randomBytes(32).toString('base64url')}`;
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

@Injectable()
export class AccessTokens {
  private readonly key: Buffer;
  private readonly ttlSeconds: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = createHmac('sha256', config.sessionSecret).update('integrator-access-token').digest();
    this.ttlSeconds = Math.round(config.integrator.tokenMinutes * 60);
  }

  /** A token of the client that lives API_TOKEN_MINUTES. */
  issue(clientRowId: number, now = Date.now()): { token: string; expiresIn: number } {
    const ttlSeconds = this.ttlSeconds;
    const expires = Math.floor(now / 1000) + ttlSeconds;
    const body = `${clientRowId}.${expires}.${randomBytes(9).toString('base64url')}`;
    return { token: `rat_${body}.${this.sign(body)}`, expiresIn: ttlSeconds };
  }

  /** The client row id of a valid, unexpired token, else null. */
  verify(token: string, now = Date.now()): number | null {
    const m = /^rat_(\d{1,10})\.(\d{1,12})\.([\w-]{12})\.([\w-]{43})$/.exec(token);
    if (!m) return null;
    const body = `${m[1]}.${m[2]}.${m[3]}`;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(m[4]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    if (Number(m[2]) * 1000 <= now) return null;
    return Number(m[1]);
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
