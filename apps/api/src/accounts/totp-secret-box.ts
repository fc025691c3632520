import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1.';

/**
 * Staff TOTP secrets are encrypted at rest (AES-256-GCM), so a database dump or a read-only SQL
 * hole does not hand over everyone's second factor. Each ciphertext is bound to its user (the
 * associated data), so a secret copied onto another user's row does not open. The key is derived
 * (HKDF) from TOTP_ENCRYPTION_KEY, or from AUDIT_CHAIN_KEY when that is unset: both live outside
 * the database. Rows written before this (plain base32, no version prefix) are still read.
 */
export class TotpSecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    this.key = Buffer.from(hkdfSync('sha256', keyMaterial, 'resepti', 'staff-totp-secret', 32));
  }

  seal(secret: string, owner: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(owner));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** The secret, or null when the stored value does not open with this key for this owner. */
  open(stored: string, owner: string): string | null {
    if (!stored.startsWith(VERSION)) return stored;
    try {
      const raw = Buffer.from(stored.slice(VERSION.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(owner));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
