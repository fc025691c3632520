import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { IdParam } from '../platform/http/request-input.js';
import { Roles } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { EPrescriptionsService, type FailedEPrescription } from '../orders/e-prescriptions.service.js';
import { FailedEPrescriptionSchema } from './doctor-schemas.js';

/**
 * The prescriptions Kanta's Prescription Centre refused ('Reseptin tallennus Kanta-palveluun
 * epäonnistui'), and sending one again (issue 41). Any doctor sees and retries them: the approving
 * doctor may be away, and the patient is waiting at a pharmacy.
 */
@ApiTags('doctor')
@Controller('order/e-prescriptions')
export class DoctorEPrescriptionsController {
  constructor(private readonly ePrescriptions: EPrescriptionsService) {}

  @Get('failed')
  @Roles('doctor')
  @ApiOperation({ summary: 'Prescriptions the Prescription Centre refused, with its reason, the oldest first (an audited read).' })
  @ApiOkResponse({ type: [FailedEPrescriptionSchema] })
  failed(@CurrentUser() user: SessionUser): Promise<FailedEPrescription[]> {
    return this.ePrescriptions.failed(user);
  }

  @Post(':itemId/retry')
  @Roles('doctor')
  @HttpCode(204)
  @ApiOperation({ summary: 'Send a refused prescription to the Prescription Centre again (audited).' })
  @ApiNoContentResponse({ description: 'Pending again: it is recorded in the background.' })
  @ApiNotFoundResponse({ description: 'No prescription to record for this item.' })
  @ApiConflictResponse({ description: 'Not refused: pending or recorded already.' })
  async retry(@CurrentUser() user: SessionUser, @IdParam('itemId') itemId: number): Promise<void> {
    await this.ePrescriptions.retry(user, itemId);
  }
}
