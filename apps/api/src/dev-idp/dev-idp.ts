/**
 * The embedded OpenID Connect identity provider (oidc-provider), mounted at /dev-idp when no
 * OIDC_ISSUER is configured. It stands in for the bank identification broker the way the
 * brokers' own test environments do: its login page offers Finnish test identities. The
 * relying party (auth/oidc.client.ts) talks to it over HTTP like to any other issuer.
 *
 * Never mounted when NODE_ENV=production (loadConfig refuses to start without OIDC_ISSUER
 * there), and loaded with a dynamic import so production never even loads oidc-provider.
 * Its state (interactions, codes, the accounts below) lives in this process's memory:
 * one API node, which is what development and the tests run.
 */
import { createHash, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Configuration } from 'oidc-provider';
import { DEFAULT_LANGUAGE, isValidHetu, MESSAGES, normalizeHetu, pickLanguage, VALIDATION_MESSAGES, type Language } from '@resepti/domain';
import { DEV_IDP_PATH, type AppConfig } from '../platform/config/config.js';
import { errorPage, loginPage } from './login-page.js';

interface Person {
  hetu: string;
  firstName: string;
  lastName: string;
}

/** The path the relying party returns to: under PUBLIC_URL (http://localhost:PORT by default), like a real broker's registration. */
function redirectUris(config: AppConfig): string[] {
  return [`${config.publicUrl}/ui-api/v1/registration/callback`];
}

/** A pseudonymous subject: the hetu itself never is the `sub`. */
function subjectOf(hetu: string): string {
  return `fi-${createHash('sha256').update(`resepti-dev-idp:${hetu}`).digest('hex').slice(0, 32)}`;
}

const NAME_MAX = 100;

/** The page's language from OIDC `ui_locales` ('sv fi'): the first one it has, else Finnish. */
function uiLanguage(uiLocales: unknown): Language {
  return pickLanguage(typeof uiLocales === 'string' ? uiLocales.split(' ').filter(Boolean) : []) ?? DEFAULT_LANGUAGE;
}

function personFrom(body: unknown): { person?: Person; error?: string; values: Partial<Person> } {
  const b = (body ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const values = { hetu: normalizeHetu(str(b.hetu)), firstName: str(b.firstName), lastName: str(b.lastName) };
  if (!isValidHetu(values.hetu)) return { error: MESSAGES.hetuInvalid, values };
  if (!values.firstName || values.firstName.length > NAME_MAX) return { error: VALIDATION_MESSAGES.firstNameRequired, values };
  if (!values.lastName || values.lastName.length > NAME_MAX) return { error: VALIDATION_MESSAGES.lastNameRequired, values };
  return { person: values, values };
}

/** An express router to mount at DEV_IDP_PATH: the interaction pages, then the provider itself. */
export async function createDevIdp(config: AppConfig): Promise<Router> {
  const { default: Provider } = await import('oidc-provider');
  const accounts = new Map<string, Person>();
  // In the thread pool, not on the event loop: a start must never wait on the main thread for a prime search.
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const signingKey = privateKey.export({ format: 'jwk' });

  const configuration: Configuration = {
    clients: [
      {
        client_id: config.oidc.clientId,
        client_secret: config.oidc.clientSecret,
        redirect_uris: redirectUris(config),
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'dev-idp', use: 'sig', alg: 'RS256' }] as never },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], profile: ['given_name', 'family_name', 'hetu'] },
    // The relying party reads the person from the verified ID token (as from the brokers).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${DEV_IDP_PATH}/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const person = accounts.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, hetu: person.hetu, given_name: person.firstName, family_name: person.lastName }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error_description ?? out.error));
    },
  };
  const provider = new Provider(config.oidc.issuer, configuration);

  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '10kb' });
  const pageFor = (uid: string, params: Record<string, unknown>, error?: string, values?: Partial<Person>) =>
    loginPage({
      language: uiLanguage(params.ui_locales),
      action: `${DEV_IDP_PATH}/interaction/${uid}/login`,
      abortAction: `${DEV_IDP_PATH}/interaction/${uid}/abort`,
      error,
      values,
    });
  const html = (res: Response, status: number, body: string) => {
    res.status(status).setHeader('Cache-Control', 'no-store').type('html').send(body);
  };

  router.get('/interaction/:uid', async (req: Request, res: Response, next: NextFunction) => {
    try {
      const details = await provider.interactionDetails(req, res);
      html(res, 200, pageFor(details.uid, details.params));
    } catch (e) {
      next(e);
    }
  });

  router.post('/interaction/:uid/login', form, async (req: Request, res: Response, next: NextFunction) => {
    try {
      const details = await provider.interactionDetails(req, res);
      const { person, error, values } = personFrom(req.body);
      if (!person) return html(res, 400, pageFor(details.uid, details.params, error, values));
      const accountId = subjectOf(person.hetu);
      accounts.set(accountId, person);
      // Identification is the whole point: consent to the one first-party client is implied.
      const clientId = String(details.params.client_id);
      const grant = new provider.Grant({ accountId, clientId });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
    } catch (e) {
      next(e);
    }
  });

  router.post('/interaction/:uid/abort', async (req: Request, res: Response, next: NextFunction) => {
    try {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'Tunnistautuminen peruttiin' }, { mergeWithLastSubmission: false });
    } catch (e) {
      next(e);
    }
  });

  // An expired or unknown interaction (e.g. a reloaded old page) is the user's situation, not a crash.
  router.use('/interaction', (_err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    html(res, 400, errorPage('Tunnistautumisen istunto on vanhentunut. Aloita tunnistautuminen uudelleen.'));
  });

  router.use(provider.callback());
  return router;
}
