/**
 * The OpenID Connect relying party of strong identification (openid-client): authorization
 * code flow with PKCE (S256), state and nonce. The issuer is OIDC_ISSUER (a Finnish Trust
 * Network broker) or the embedded test IdP at /dev-idp, reached over HTTP either way.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import { isValidHetu, normalizeHetu, type Language } from '@resepti/domain';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';

/** What the browser's session remembers between the start and the callback (no personal data). */
export interface OidcTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

export interface IdentifiedPerson {
  hetu: string;
  firstName: string;
  lastName: string;
}

/** Claim names brokers use for the Finnish personal identity code. */
const HETU_CLAIMS = ['hetu', 'personal_identity_code', 'nin'] as const;

export class IdentificationFailed extends Error {}

@Injectable()
export class OidcClient {
  private readonly logger = new Logger('OidcClient');
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Discovery once, on first use (a failed discovery is retried on the next start). */
  private issuer(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.config.oidc;
    const url = new URL(issuer);
    // Plain HTTP only for a development issuer (the embedded one or a local test broker).
    const insecure = url.protocol === 'http:' && !this.config.production;
    this.configuration ??= oidc
      .discovery(url, clientId, undefined, oidc.ClientSecretBasic(clientSecret), insecure ? { execute: [oidc.allowInsecureRequests] } : undefined)
      .catch((e: unknown) => {
        this.configuration = undefined;
        throw e;
      });
    return this.configuration;
  }

  /** The issuer's authorization URL to send the browser to, and what to remember for the callback. */
  async start(redirectUri: string, language: Language): Promise<{ url: string; transaction: OidcTransaction }> {
    const configuration = await this.issuer();
    const transaction: OidcTransaction = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      redirectUri,
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid profile',
      state: transaction.state,
      nonce: transaction.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: 'S256',
      // Strong identification every time: never a remembered login at the issuer.
      prompt: 'login',
      // The identification pages in the person's language (the Finnish brokers take fi, sv and en).
      ui_locales: language,
    });
    return { url: url.href, transaction };
  }

  /**
   * Checks the callback (state, issuer, error), redeems the code with the PKCE verifier and
   * verifies the ID token (signature, audience, nonce); returns the identified person.
   */
  async finish(callbackQuery: string, transaction: OidcTransaction): Promise<IdentifiedPerson> {
    const configuration = await this.issuer();
    const current = new URL(transaction.redirectUri);
    current.search = callbackQuery;
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (e) {
      this.logger.warn(`identification failed: ${e instanceof Error ? e.message : String(e)}`);
      throw new IdentificationFailed('identification failed');
    }
    const raw = HETU_CLAIMS.map((name) => claims?.[name]).find((v) => typeof v === 'string');
    const hetu = typeof raw === 'string' ? normalizeHetu(raw) : '';
    const firstName = typeof claims?.given_name === 'string' ? claims.given_name.trim() : '';
    const lastName = typeof claims?.family_name === 'string' ? claims.family_name.trim() : '';
    if (!isValidHetu(hetu) || !firstName || !lastName) {
      this.logger.warn('identification failed: the ID token has no valid hetu or names');
      throw new IdentificationFailed('no hetu or names');
    }
    return { hetu, firstName, lastName };
  }
}
