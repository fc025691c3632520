/**
 * The web API's answers (/ui-api/v1) as OpenAPI schemas. Each class `implements` its
 * @resepti/domain type, so the web document (docs/openapi/web-api.json) and the code that fills
 * the answers cannot drift apart: a field added to the domain type and missing here (or typed
 * otherwise) is a compile error. The names differ from the integrator API's schemas (the two
 * documents are built from one application).
 */
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  MFA_ROLES,
  TOPICS,
  type AccessActorRole,
  type ApiError,
  type CsrfTokenResponse,
  type EmbeddedCheckoutSession,
  type ItemType,
  type LoginResponse,
  type MfaRole,
  type MyAccessLog,
  type MyAccessLogEntry,
  type Patient,
  type PatientAccessLog,
  type PatientAccessLogEntry,
  type Product,
  type TopicId,
  type TotpEnableResponse,
  type TotpSetupResponse,
  type TotpStatus,
} from '@resepti/domain';
import type { HealthResponse, ReadinessResponse } from '../../health/health.controller.js';

export const TIME = { type: String, format: 'date-time' } as const;
export const INT = { type: 'integer' } as const;
export const ITEM_TYPES: ItemType[] = ['renewal', 'prescription'];
export const TOPIC_IDS: TopicId[] = TOPICS.map((t) => t.id);
export const SOURCES = ['customer', 'pharmacy'] as const;
export const CHECKOUT_STATUSES: EmbeddedCheckoutSession['status'][] = ['open', 'paying', 'complete', 'expired', 'refunded'];

/** Every error of the web API: Nest's {statusCode, message, error} (not the integrator API's problem+json). */
@ApiSchema({ name: 'WebError' })
export class WebErrorSchema implements ApiError {
  @ApiProperty({ ...INT, minimum: 400, maximum: 599, example: 400 })
  statusCode!: number;

  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    description: 'For the user, in the language the request asks for (Accept-Language; Finnish by default). Validation errors: one message per invalid field.',
    example: 'Tarkista henkilöturvatunnus',
  })
  message!: string | string[];

  @ApiPropertyOptional({ description: 'The HTTP reason phrase.', example: 'Bad Request' })
  error?: string;

  @ApiPropertyOptional({ description: "A machine-readable code where the client acts on it: 'csrf' (fetch a new token from GET /csrf-token and send again).", example: 'csrf' })
  code?: string;

  @ApiPropertyOptional({ description: '500 only: the request id of the server log (the X-Request-Id the request came with, or a new one).' })
  requestId?: string;
}

@ApiSchema({ name: 'CsrfToken' })
export class CsrfTokenSchema implements CsrfTokenResponse {
  @ApiProperty({ description: 'Send it in the X-CSRF-Token header of every POST, PUT, PATCH and DELETE.' })
  token!: string;
}

@ApiSchema({ name: 'LoginResult' })
export class LoginResultSchema implements LoginResponse {
  @ApiProperty({ enum: ['customer', 'doctor', 'pharmacy'], example: 'doctor' })
  role!: LoginResponse['role'];

  @ApiPropertyOptional({ enum: [true], description: 'The password was right; not signed in yet: POST /login/mfa with the TOTP code.' })
  mfaRequired?: true;

  @ApiPropertyOptional({ enum: [true], description: 'The role must use TOTP (MFA_REQUIRED_FOR): only the setup endpoints answer until it is enabled.' })
  mfaSetupRequired?: true;
}

@ApiSchema({ name: 'TotpStatus' })
export class TotpStatusSchema implements TotpStatus {
  @ApiProperty({ enum: MFA_ROLES })
  role!: MfaRole;

  @ApiProperty()
  enabled!: boolean;

  @ApiProperty({ description: 'The role must use MFA (MFA_REQUIRED_FOR): disabling is refused.' })
  required!: boolean;
}

@ApiSchema({ name: 'TotpSetup' })
export class TotpSetupSchema implements TotpSetupResponse {
  @ApiProperty({ description: 'Base32 secret for the authenticator app.' })
  secret!: string;

  @ApiProperty({ example: 'otpauth://totp/Resepti:laakari%40example.fi?secret=…&issuer=Resepti' })
  otpauthUrl!: string;
}

@ApiSchema({ name: 'TotpEnabled' })
export class TotpEnabledSchema implements TotpEnableResponse {
  @ApiProperty({ type: [String], description: 'Ten one-time recovery codes, shown only now.' })
  recoveryCodes!: string[];
}

@ApiSchema({ name: 'WebProduct' })
export class WebProductSchema implements Product {
  @ApiProperty({ ...INT, example: 1 })
  productId!: number;

  @ApiProperty({ example: 'Kestine 20 mg tabletti' })
  displayName!: string;

  @ApiProperty({ example: 'tabletti' })
  format!: string;

  @ApiProperty({ description: 'false for narcotic and PKV medicines: never renewed through the service.' })
  renewable!: boolean;
}

@ApiSchema({ name: 'WebPatient' })
export class WebPatientSchema implements Patient {
  @ApiProperty({ example: 'Matti' })
  firstName!: string;

  @ApiProperty({ example: 'Meikäläinen' })
  lastName!: string;

  @ApiProperty({ example: '121212-913Y' })
  hetu!: string;
}

// --- Access logs -------------------------------------------------------------------------------

@ApiSchema({ name: 'PatientAccessLogEntry' })
export class PatientAccessLogEntrySchema implements PatientAccessLogEntry {
  @ApiProperty(TIME)
  at!: string;

  @ApiProperty({ enum: ['customer', 'doctor', 'pharmacy', 'integrator'] })
  actorRole!: PatientAccessLogEntry['actorRole'];

  @ApiProperty({ type: String, nullable: true, description: 'null when the account no longer exists.' })
  actorName!: string | null;

  @ApiProperty({ example: 'order:read' })
  action!: string;

  @ApiProperty({ ...INT, nullable: true })
  orderId!: number | null;
}

@ApiSchema({ name: 'PatientAccessLog' })
export class PatientAccessLogSchema implements PatientAccessLog {
  @ApiProperty({ example: '010190-998V' })
  hetu!: string;

  @ApiProperty({ type: [PatientAccessLogEntrySchema], description: 'Oldest first.' })
  entries!: PatientAccessLogEntrySchema[];
}

@ApiSchema({ name: 'MyAccessLogEntry' })
export class MyAccessLogEntrySchema implements MyAccessLogEntry {
  @ApiProperty(TIME)
  time!: string;

  @ApiProperty({ enum: ['doctor', 'pharmacy', 'integrator'] })
  actorRole!: AccessActorRole;

  @ApiProperty({ example: 'Liisa Lääkäri' })
  actor!: string;

  @ApiProperty({ example: 'Katsoi tilauksen' })
  action!: string;
}

@ApiSchema({ name: 'MyAccessLog' })
export class MyAccessLogSchema implements MyAccessLog {
  @ApiProperty({ type: [MyAccessLogEntrySchema], description: 'Newest first.' })
  entries!: MyAccessLogEntrySchema[];

  @ApiProperty({ description: 'Another page follows.' })
  hasMore!: boolean;
}


// --- Health ------------------------------------------------------------------------------------

@ApiSchema({ name: 'Health' })
export class HealthSchema implements HealthResponse {
  @ApiProperty({ enum: ['ok', 'degraded'] })
  status!: HealthResponse['status'];

  @ApiProperty({ enum: ['up', 'down'] })
  database!: HealthResponse['database'];

  @ApiProperty({ enum: ['up', 'down', 'disabled'], description: 'disabled: REDIS_URL is not set (one process).' })
  redis!: HealthResponse['redis'];
}

@ApiSchema({ name: 'Readiness' })
export class ReadinessSchema implements ReadinessResponse {
  @ApiProperty({ enum: ['ready', 'not-ready'] })
  status!: ReadinessResponse['status'];

  @ApiProperty({ enum: ['up', 'down'] })
  database!: ReadinessResponse['database'];

  @ApiProperty({ enum: ['current', 'pending', 'unknown'] })
  migrations!: ReadinessResponse['migrations'];

  @ApiProperty()
  shuttingDown!: boolean;
}

@ApiSchema({ name: 'Liveness' })
export class LivenessSchema {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';
}
