import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CentrePrescriptions, DoctorOrder, DoctorPrescription, PatientContext, QueueOrder } from '@resepti/domain';
import type { Response } from 'express';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { Roles } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { IdParam } from '../platform/http/request-input.js';
import { OrderLifecycleService } from '../orders/order-lifecycle.service.js';
import { OrderQueueService } from '../orders/order-queue.service.js';
import { ProcessItemDto } from './dto/process-item.dto.js';
import { orNoContent } from './no-content.js';
import { CentrePrescriptionsSchema, DoctorOrderSchema, DoctorPrescriptionSchema, PatientContextSchema, QueueOrderSchema } from './doctor-schemas.js';
import { PatientContextReader } from './patient-context.service.js';
import { CentreFacts } from './centre-facts.service.js';
import { Prescribing } from './prescribing.service.js';

/** The doctor's queue and current order (SPEC section 7, Doctor). */
@ApiTags('doctor')
@Controller('order')
export class DoctorQueueController {
  constructor(
    private readonly lifecycle: OrderLifecycleService,
    private readonly orderQueue: OrderQueueService,
    private readonly prescribing: Prescribing,
    private readonly centreFacts: CentreFacts,
    private readonly patientContext: PatientContextReader,
  ) {}

  @Post('pick-first')
  @Roles('doctor')
  @HttpCode(200)
  @ApiOperation({ summary: 'Take the waiting order with the earliest deadline; a held order is returned as is.' })
  @ApiOkResponse({ type: DoctorOrderSchema, description: 'The current order.' })
  @ApiNoContentResponse({ description: 'Nothing is waiting.' })
  async pickFirst(@CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: Response): Promise<DoctorOrder | undefined> {
    return orNoContent(res, (await this.lifecycle.pickFirst(user)).order);
  }

  @Get('current')
  @Roles('doctor')
  @ApiOperation({ summary: "The doctor's current order (after a reload)." })
  @ApiNoContentResponse({ description: 'No current order.' })
  @ApiOkResponse({ type: DoctorOrderSchema })
  async current(@CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: Response): Promise<DoctorOrder | undefined> {
    return orNoContent(res, await this.orderQueue.current(user));
  }

  @Get('queue')
  @Roles('doctor')
  @ApiOperation({ summary: 'Waiting orders, earliest deadline first, without patient data.' })
  @ApiOkResponse({ type: [QueueOrderSchema] })
  queue(): Promise<QueueOrder[]> {
    return this.orderQueue.waiting();
  }

  @Post('process-item/:id')
  @Roles('doctor')
  @HttpCode(200)
  @ApiOperation({
    summary: "Decide one prescription of the doctor's current order.",
    description:
      "Approval prescribes: a renewal its own product (dosage defaulting to the previous Centre prescription's of the medicine, packages to 1; renewing the Centre's prescription when the rules allow), a new-prescription request the productId chosen with dosageInstruction and packages. Any other decision clears them.",
  })
  @ApiBadRequestResponse({ description: 'No dosage (none typed, none in the Centre), no product or packages for a new prescription, or a product that cannot be prescribed.' })
  @ApiForbiddenResponse({ description: "The item is not in the doctor's current order, or the doctor has no register number (approval)." })
  @ApiOkResponse({ type: DoctorPrescriptionSchema })
  process(
    @CurrentUser() user: SessionUser,
    @IdParam() id: number,
    @Body() body: ProcessItemDto,
  ): Promise<DoctorPrescription> {
    return this.prescribing.decide(user, id, body);
  }

  @Get('centre-prescriptions')
  @Roles('doctor')
  @ApiOperation({
    summary: "The patient's prescriptions in the Prescription Centre, item by item of the doctor's current order, with the renewal rules' flags.",
    description: 'One read of the Centre, audited with the patient. centreAvailable false: the Centre could not be reached (the doctor can still decide, typing the dosage).',
  })
  @ApiOkResponse({ type: CentrePrescriptionsSchema })
  @ApiNoContentResponse({ description: 'No current order.' })
  async centrePrescriptions(@CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: Response): Promise<CentrePrescriptions | undefined> {
    return orNoContent(res, await this.centreFacts.ofHeldOrder(user));
  }

  @Get('patient-context')
  @Roles('doctor')
  @ApiOperation({
    summary: "What Resepti knows of the patient of the doctor's current order: age and sex (from the hetu), the earlier decisions on each item's medicine, the days since its last approval.",
    description: "One read, audited with the patient ('order:read'); the order view reads it once when it opens.",
  })
  @ApiOkResponse({ type: PatientContextSchema })
  @ApiNoContentResponse({ description: 'No current order.' })
  async context(@CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: Response): Promise<PatientContext | undefined> {
    return orNoContent(res, await this.patientContext.ofHeldOrder(user));
  }

  @Post('mark-delivered')
  @Roles('doctor')
  @HttpCode(200)
  @ApiOperation({ summary: 'Deliver the current order, then pick the next waiting one.' })
  @ApiOkResponse({ type: DoctorOrderSchema, description: 'The next order, now current.' })
  @ApiNoContentResponse({ description: 'Delivered; nothing else is waiting.' })
  @ApiConflictResponse({ description: 'An item is still undecided, or there is no current order.' })
  async markDelivered(@CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: Response): Promise<DoctorOrder | undefined> {
    return orNoContent(res, (await this.lifecycle.deliverAndPickNext(user)).next);
  }

  @Post('release')
  @Roles('doctor')
  @HttpCode(204)
  @ApiOperation({ summary: 'The current order goes back to the queue.' })
  @ApiNoContentResponse({ description: 'Released: the order waits again.' })
  @ApiConflictResponse({ description: 'No current order.' })
  release(@CurrentUser() user: SessionUser): Promise<void> {
    return this.lifecycle.release(user);
  }

  @Post('release-one/:id')
  @Roles('doctor')
  @HttpCode(204)
  @ApiOperation({ summary: 'Release any processing order (e.g. one stuck with another doctor) back to the queue.' })
  @ApiNoContentResponse({ description: 'Released: the order waits again.' })
  @ApiNotFoundResponse({ description: 'No such order.' })
  @ApiConflictResponse({ description: 'The order is not processing.' })
  releaseOne(@CurrentUser() user: SessionUser, @IdParam() id: number): Promise<void> {
    return this.lifecycle.releaseOne(user, id);
  }
}
