import type { IdentificationPurpose } from '@resepti/domain';
import type { OidcTransaction } from '../accounts/oidc.client.js';

declare module 'express-session' {
  interface SessionData {
    /** Between the identification start and its callback: state, nonce, PKCE verifier (no personal data). */
    oidc?: OidcTransaction & { purpose: IdentificationPurpose };
    /** After a successful identification: the id of its `identification` row (the person is stored there, not here). */
    identificationId?: string;
  }
}

export {};
