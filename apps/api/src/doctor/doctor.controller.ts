import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { DoctorInfo, SystemStatus } from '@resepti/domain';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { Roles } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { OrderQueueService } from '../orders/order-queue.service.js';
import { DoctorService } from './doctor.service.js';
import { DoctorInfoSchema, SystemStatusSchema } from './doctor-schemas.js';

@ApiTags('doctor')
@Controller()
@Roles('doctor')
export class DoctorController {
  constructor(
    private readonly doctors: DoctorService,
    private readonly queue: OrderQueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The signed-in doctor, and the session's idle timeout (the web warns two minutes before
   * it). Cheap: the web also calls it to keep the session alive ('Jatka').
   */
  @Get('my-doctor-info')
  @Roles('doctor')
  @ApiOperation({ summary: 'The signed-in doctor' })
  @ApiOkResponse({ type: DoctorInfoSchema })
  async myDoctorInfo(@CurrentUser() user: SessionUser): Promise<DoctorInfo> {
    return { ...(await this.doctors.info(user.id)), sessionIdleMinutes: this.config.sessionIdleMinutes };
  }

  @Get('system-status')
  @Roles('doctor')
  @ApiOkResponse({ type: SystemStatusSchema, description: 'Queue counts, the next deadline among waiting orders and this doctor\'s current order id (pickedOrder).' })
  @ApiOperation({ summary: "Queue counts and the doctor's current order" })
  systemStatus(@CurrentUser() user: SessionUser): Promise<SystemStatus> {
    return this.queue.systemStatus(user.id);
  }
}
