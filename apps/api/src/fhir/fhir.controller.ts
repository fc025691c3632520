import {
  type CallHandler,
  Controller,
  type ExecutionContext,
  Get,
  Headers,
  Injectable,
  type NestInterceptor,
  Param,
  Query,
  Req,
  Res,
  UseFilters,
  UseGuards,
  UseInterceptors,
  applyDecorators,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { map, type Observable } from 'rxjs';
import type { Bundle, CapabilityStatement, MedicationRequest, Resource } from '@medplum/fhirtypes';
import { Public } from '../platform/http/roles.decorator.js';
import { validateFhir } from '../prescription-centre/fhir-validation.js';
import type { ApiClient } from '../api-clients/api-client.entity.js';
import { AuditedReads, CurrentClient, IntegratorAudit, IntegratorGuard, type OrdersRead } from '../api-clients/integrator-access.js';
import { capabilityStatement } from './capability-statement.js';
import { FHIR_JSON, FhirError, FhirOutcomeFilter } from './fhir-outcome.js';
import { FhirFormatGuard } from './fhir-format.js';
import { parseMedicationRequestSearch, prefersStrict } from './fhir-search.js';
import { tagVersion } from './fhir-versions.js';
import { FhirMedicationRequests } from './fhir-medication-requests.service.js';
import { HETU_SYSTEM, ORDER_SYSTEM } from './medication-request.js';

/** The order and patient of a MedicationRequest (its groupIdentifier and subject). */
function orderOf(resource: MedicationRequest | undefined): { orderId: number; hetu: string } | null {
  const orderId = resource?.groupIdentifier?.system === ORDER_SYSTEM ? Number(resource.groupIdentifier.value) : NaN;
  const hetu = resource?.subject?.identifier?.system === HETU_SYSTEM ? resource.subject.identifier.value : undefined;
  return Number.isInteger(orderId) && hetu ? { orderId, hetu } : null;
}

/** The audit of a FHIR answer: a read names its order and patient; a search adds a row per order in the page. */
export function ordersInFhirAnswer(answer: unknown): OrdersRead {
  const resource = answer as MedicationRequest | Bundle<MedicationRequest>;
  if (resource.resourceType === 'MedicationRequest') return { one: orderOf(resource), listed: [] };
  const seen = new Map<number, { orderId: number; hetu: string }>();
  for (const entry of resource.resourceType === 'Bundle' ? (resource.entry ?? []) : []) {
    const order = orderOf(entry.resource);
    if (order) seen.set(order.orderId, order);
  }
  return { one: null, listed: [...seen.values()] };
}

/**
 * Answers as `application/fhir+json`, never stored by a cache (they carry patients' data), and valid
 * FHIR R4: each is validated against the R4 definitions (the Prescription Centre's validator) before
 * it is sent; an invalid one is our fault, a 500 OperationOutcome.
 */
@Injectable()
class FhirContentType implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    context.switchToHttp().getResponse<Response>().type(FHIR_JSON).setHeader('Cache-Control', 'no-store');
    return next.handle().pipe(map((answer: Resource) => validateFhir(answer)));
  }
}

/** Under /api/fhir: FHIR JSON answers (406 to a client that wants another format), OperationOutcome errors. */
export const FhirJson = () => applyDecorators(Public(), UseFilters(FhirOutcomeFilter), UseGuards(FhirFormatGuard), UseInterceptors(FhirContentType));

/** GET /api/fhir/metadata: the CapabilityStatement, without a token (it holds no patient data), as FHIR clients expect. */
@Controller('api/fhir')
@FhirJson()
export class FhirMetadataController {
  constructor(private readonly requests: FhirMedicationRequests) {}

  @Get('metadata')
  metadata(): CapabilityStatement {
    return capabilityStatement(this.requests.bases, new Date().toISOString());
  }
}

/**
 * The read-only FHIR R4 view of a pharmacy's order items (MedicationRequest): the integrator API's
 * Bearer tokens, per-client limit, scope (the client's pharmacy and offices) and audit.
 */
@Controller('api/fhir/MedicationRequest')
@FhirJson()
@UseGuards(IntegratorGuard)
@UseInterceptors(IntegratorAudit)
@AuditedReads(ordersInFhirAnswer)
export class FhirMedicationRequestController {
  constructor(private readonly requests: FhirMedicationRequests) {}

  @Get()
  search(@CurrentClient() client: ApiClient, @Query() query: Record<string, unknown>, @Headers('prefer') prefer: string | undefined): Promise<Bundle<MedicationRequest>> {
    return this.requests.search(client, parseMedicationRequestSearch(query, prefersStrict(prefer)), query);
  }

  @Get(':id')
  async read(@CurrentClient() client: ApiClient, @Param('id') id: string, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MedicationRequest> {
    const resource = await this.requests.read(client, id);
    if (!resource) throw new FhirError(404, 'resource_not_found', { about: `MedicationRequest/${id.slice(0, 64)}` });
    tagVersion(req, res, resource.meta!);
    return resource;
  }
}
