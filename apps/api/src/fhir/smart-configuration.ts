/**
 * SMART on FHIR's discovery (App Launch 2.x, "Conformance"): what a FHIR client reads before it
 * signs in, at /.well-known/smart-configuration (the server's root and the FHIR base alike), and
 * the same token endpoint in the CapabilityStatement's oauth-uris extension. Only what is true of
 * the token endpoint (apps/api/src/integrator/integrator.controller.ts, OAuthTokenController):
 * OAuth 2.0 client credentials, the client id and a shared secret by HTTP Basic or as form fields.
 * No `scopes_supported`: a token carries no scopes (the client's pharmacy and offices bound what
 * it reads); no authorization endpoint, PKCE or launch: no user ever signs in through it.
 */
import type { Extension } from '@medplum/fhirtypes';
import { FHIR_PATH } from './fhir-outcome.js';

export const TOKEN_PATH = '/api/oauth/token';
export const SMART_CONFIGURATION_PATH = '/.well-known/smart-configuration';
export const OAUTH_URIS_EXTENSION = 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris';

export interface SmartConfiguration {
  token_endpoint: string;
  grant_types_supported: string[];
  token_endpoint_auth_methods_supported: string[];
  capabilities: string[];
}

/** The absolute bases of a deployment, from its public URL (PUBLIC_URL, never the request's Host). */
export function publicBases(publicUrl: string): { origin: string; fhir: string; tokenEndpoint: string } {
  const origin = publicUrl.replace(/\/$/, '');
  return { origin, fhir: `${origin}${FHIR_PATH}`, tokenEndpoint: `${origin}${TOKEN_PATH}` };
}

export function smartConfiguration(tokenEndpoint: string): SmartConfiguration {
  return {
    token_endpoint: tokenEndpoint,
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    // A confidential client authenticating with a shared secret.
    capabilities: ['client-confidential-symmetric'],
  };
}

/** rest.security's extension naming the token endpoint (SMART's oauth-uris). */
export const oauthUris = (tokenEndpoint: string): Extension => ({ url: OAUTH_URIS_EXTENSION, extension: [{ url: 'token', valueUri: tokenEndpoint }] });
