import { ConfigError } from './config-error.js';

/** Mount path of the embedded Prescription Centre stand-in (development and tests only, never in production). */
export const DEV_PRESCRIPTION_CENTRE_PATH = '/dev-prescription-centre';

/** Kanta's Prescription Centre, or the embedded stand-in (docs/eprescriptions.md). */
export interface PrescriptionCentreConfig {
  /** The FHIR R4 base URL (no trailing slash): PRESCRIPTION_CENTRE_URL, else the stand-in's. */
  url: string;
  /** Bearer token of every call (null: none, the stand-in). */
  token: string | null;
  /** true: PRESCRIPTION_CENTRE_URL unset, the embedded stand-in at /dev-prescription-centre/fhir. */
  embedded: boolean;
  /** Wait after the first failed send of a prescription; doubles after each further one. */
  retrySeconds: number;
  /** How long one call to the Centre may take before it counts as unavailable. */
  timeoutMs: number;
}

/**
 * `ownOrigin`: where this process answers itself (the stand-in is called by the server only, so over
 * the loopback, not through PUBLIC_URL's proxy).
 */
export function prescriptionCentreConfig(
  env: NodeJS.ProcessEnv,
  production: boolean,
  ownOrigin: string,
  read: { url(name: string): string | null; decimal(name: string, fallback: number, min: number, max: number): number },
): PrescriptionCentreConfig {
  const url = read.url('PRESCRIPTION_CENTRE_URL');
  const token = env.PRESCRIPTION_CENTRE_TOKEN?.trim() || null;
  const timing = {
    retrySeconds: read.decimal('PRESCRIPTION_CENTRE_RETRY_SECONDS', 30, 0.05, 86_400),
    timeoutMs: Math.round(read.decimal('PRESCRIPTION_CENTRE_TIMEOUT_SECONDS', 10, 0.1, 600) * 1000),
  };
  if (!url) {
    if (production) {
      throw new ConfigError(
        "PRESCRIPTION_CENTRE_URL is required when NODE_ENV=production (the FHIR R4 base URL of Kanta's Prescription Centre or its gateway; the embedded stand-in is never used in production)",
      );
    }
    return { url: `${ownOrigin}${DEV_PRESCRIPTION_CENTRE_PATH}/fhir`, token: null, embedded: true, ...timing };
  }
  if (production && !url.startsWith('https://')) throw new ConfigError('PRESCRIPTION_CENTRE_URL must be https:// in production');
  if (production && !token) throw new ConfigError('PRESCRIPTION_CENTRE_TOKEN is required when NODE_ENV=production (the Bearer token of the Prescription Centre)');
  return { url, token, embedded: false, ...timing };
}
