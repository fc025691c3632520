import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/**
 * The 6-digit TOTP code (RFC 6238: HMAC-SHA1, 30-second steps) of a base32 secret for a time
 * step, computed here independently of the library the API uses, as an authenticator app does.
 */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1] & 0x0f;
  const binary = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return binary.toString().padStart(6, '0');
}

/** The current time step. */
export function currentStep(): number {
  return Math.floor(Date.now() / 30_000);
}

/** The last TOTP step each secret has been given a code of (the server accepts each step once). */
const lastStep = new Map<string, number>();

/**
 * A code the server accepts now and that was not used yet: of the current 30-second step or the
 * next (both pass whatever the boundary does meanwhile); waits when both are used up.
 */
export async function nextTotpCode(secret: string): Promise<string> {
  for (;;) {
    const current = currentStep();
    const step = Math.max((lastStep.get(secret) ?? 0) + 1, current);
    if (step <= current + 1) {
      lastStep.set(secret, step);
      return totpCode(secret, step);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
