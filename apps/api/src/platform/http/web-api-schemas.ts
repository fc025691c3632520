/**
 * The web API's answers (/ui-api/v1): each class is the one source of its shape. The @nestjs/swagger plugin
 * (scripts/build-api.mjs) reads a property's type, `?` and JSDoc (description, @example) into
 * docs/openapi/web-api.json, from which `npm run openapi` generates the types the web and the services use
 * (@resepti/domain's api-shapes.ts). @ApiProperty stays only for what a type cannot say: integers, date-time,
 * enum order, examples the JSDoc parser would misread. The names differ from the integrator API's schemas
 * (the two documents are built from one application).
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiShape } from './api-shape.js';
import { TOPICS, type AccessActorRole, type EPrescriptionStatus, type ItemType, type MfaRole, type TopicId, type UserRole } from '@resepti/domain';
import type { HealthResponse, ReadinessResponse } from '../../health/health.controller.js';

export const TIME = { type: String, format: 'date-time' } as const;
export const INT = { type: 'integer' } as const;
export const ITEM_TYPES: ItemType[] = ['renewal', 'prescription'];
export const TOPIC_IDS: TopicId[] = TOPICS.map((t) => t.id);
export const SOURCES = ['customer', 'pharmacy'] as const;
export const CHECKOUT_STATUSES = ['open', 'paying', 'complete', 'expired', 'refunded'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** An approved item's prescription in Kanta's Prescription Centre (issue 41); the item's field is null when there is none to record. */
@ApiShape('WebEPrescription')
export class EPrescriptionSchema {
  @ApiProperty({ type: String, nullable: true, description: "The Centre's id of the prescription (null until recorded).", example: 'mr-8f2c41' })
  id!: string | null;
  @ApiProperty({ enum: ['failed', 'pending', 'recorded'], description: 'pending: being recorded; recorded: in the Centre (any pharmacy dispenses it); failed: the Centre refused it.', example: 'recorded' })
  status!: EPrescriptionStatus;
  @ApiProperty({ ...TIME, nullable: true, description: 'When the Centre accepted it.' })
  recordedAt!: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'Its last valid day (Helsinki): two years, or one by the medicine’s class.' })
  validUntil!: string | null;
}

/** Every error of the web API: Nest's {statusCode, message, error} (not the integrator API's problem+json). */
@ApiShape('WebError')
export class WebErrorSchema {
  @ApiProperty({ ...INT, minimum: 400, maximum: 599, example: 400 })
  statusCode!: number;
  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    description: 'For the user, in the language the request asks for (Accept-Language; Finnish by default). Validation errors: one message per invalid field.',
    example: 'Tarkista henkilöturvatunnus',
  })
  message!: string | string[];
  /** The HTTP reason phrase. @example 'Bad Request' */
  error?: string;
  /** A machine-readable code where the client acts on it: 'csrf' (fetch a new token from GET /csrf-token and send again), 'email-taken' (the registration's e-mail has an account). @example 'csrf' */
  code?: string;
  /** 500 only: the request id of the server log (the X-Request-Id the request came with, or a new one). */
  requestId?: string;
}

@ApiShape('CsrfToken')
export class CsrfTokenSchema {
  /** Send it in the X-CSRF-Token header of every POST, PUT, PATCH and DELETE. */
  token!: string;
}

@ApiShape('LoginResult')
export class LoginResultSchema {
  @ApiProperty({ enum: ['customer', 'doctor', 'pharmacy'], example: 'doctor' })
  role!: UserRole;
  @ApiPropertyOptional({ enum: [true], description: 'The password was right; not signed in yet: POST /login/mfa with the TOTP code.' })
  mfaRequired?: true;
  @ApiPropertyOptional({ enum: [true], description: 'The role must use TOTP (MFA_REQUIRED_FOR): only the setup endpoints answer until it is enabled.' })
  mfaSetupRequired?: true;
}

@ApiShape('TotpStatus')
export class TotpStatusSchema {
  role!: MfaRole;
  enabled!: boolean;
  /** The role must use MFA (MFA_REQUIRED_FOR): disabling is refused. */
  required!: boolean;
}

@ApiShape('TotpSetup')
export class TotpSetupSchema {
  /** Base32 secret for the authenticator app. */
  secret!: string;
  /** @example 'otpauth://totp/Resepti:laakari%40example.fi?secret=…&issuer=Resepti' */
  otpauthUrl!: string;
}

@ApiShape('TotpEnabled')
export class TotpEnabledSchema {
  @ApiProperty({ type: [String], description: 'Ten one-time recovery codes, shown only now.' })
  recoveryCodes!: string[];
}

/** What the doctor prescribed on approval (null until approved, and for a customer or pharmacy until the order is delivered). */
@ApiShape('Prescribed')
export class PrescribedSchema {
  @ApiProperty({ ...INT, example: 8 }) productId!: number;
  /** @example 'Cetirizin Sandoz' */
  name!: string;
  /** @example '10 mg' */
  strength!: string;
  /** @example 'tabletti, kalvopäällysteinen' */
  form!: string;
  /** The dosage instructions (annosteluohje). @example '1 tabletti kerran päivässä' */
  dosageInstruction!: string;
  @ApiProperty({ ...INT, minimum: 1, description: 'Packages prescribed.', example: 1 }) packages!: number;
}

@ApiShape('WebProduct')
export class WebProductSchema {
  @ApiProperty({ ...INT, example: 1 }) productId!: number;
  /** @example 'Kestine 20 mg tabletti' */
  displayName!: string;
  /** @example 'tabletti' */
  format!: string;
  /** false for narcotic and PKV medicines: never renewed through the service. */
  renewable!: boolean;
  /** false: in the catalogue but not on sale now, so it cannot be ordered (only a search with `q` answers these). */
  available!: boolean;
}

@ApiShape('WebPatient')
export class WebPatientSchema {
  /** @example 'Matti' */
  firstName!: string;
  /** @example 'Meikäläinen' */
  lastName!: string;
  /** @example '121212-913Y' */
  hetu!: string;
}

// --- Access logs -------------------------------------------------------------------------------

@ApiShape('PatientAccessLogEntry')
export class PatientAccessLogEntrySchema {
  @ApiProperty(TIME) at!: string;
  actorRole!: UserRole | 'integrator';
  /** null when the account no longer exists. */
  actorName!: string | null;
  /** @example 'order:read' */
  action!: string;
  @ApiProperty({ ...INT, nullable: true }) orderId!: number | null;
}

@ApiShape('PatientAccessLog')
export class PatientAccessLogSchema {
  /** @example '010190-998V' */
  hetu!: string;
  /** Oldest first. */
  entries!: PatientAccessLogEntrySchema[];
}

/** One actor's reads or changes of one kind on one day (Helsinki time). */
@ApiShape('MyAccessLogEntry')
export class MyAccessLogEntrySchema {
  /** The latest of them. */
  @ApiProperty(TIME) time!: string;
  /** The day (Helsinki time). @example '2026-11-28' */
  @ApiProperty({ type: String, format: 'date' }) day!: string;
  actorRole!: AccessActorRole;
  /** @example 'Liisa Lääkäri' */
  actor!: string;
  /** What they did, in the request's language (Accept-Language; Finnish by default). @example 'Katsoi tilauksen' */
  action!: string;
  /** How many times that day. */
  @ApiProperty({ ...INT, minimum: 1, example: 5 }) count!: number;
}

/** GET /provider: who provides the service (PROVIDER_NAME …), for the public pages. */
@ApiShape('Provider')
export class ProviderSchema {
  /** @example 'Resepti Demo Oy' */
  name!: string;
  /** The business ID (Y-tunnus). @example '1234567-1' */
  businessId!: string;
  /** @example 'Esimerkkikatu 1, 00100 Helsinki' */
  address!: string;
  /** @example '09 123 4567' */
  customerServicePhone!: string;
  /** The responsible physician (vastaava lääkäri). @example 'LL Maija Esimerkki (demo)' */
  responsiblePhysician!: string;
  /** The registration as a private health-care provider. */
  registration!: string;
}

@ApiShape('MyAccessLog')
export class MyAccessLogSchema {
  /** Newest first. */
  entries!: MyAccessLogEntrySchema[];
  /** Another page follows. */
  hasMore!: boolean;
}


// --- Health ------------------------------------------------------------------------------------

@ApiShape('Health')
export class HealthSchema {
  status!: HealthResponse['status'];
  database!: HealthResponse['database'];
  /** disabled: REDIS_URL is not set (one process). */
  redis!: HealthResponse['redis'];
}

@ApiShape('Readiness')
export class ReadinessSchema {
  status!: ReadinessResponse['status'];
  database!: ReadinessResponse['database'];
  @ApiProperty({ enum: ['current', 'pending', 'unknown'] })
  migrations!: ReadinessResponse['migrations'];
  shuttingDown!: boolean;
}

@ApiShape('Liveness')
export class LivenessSchema {
  status!: 'ok';
}
