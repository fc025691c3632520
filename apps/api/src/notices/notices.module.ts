import { Global, Module } from '@nestjs/common';
import { NoticesService } from './notices.service.js';

/** The doctors' notice to pharmacies; doctor and pharmacy controllers call NoticesService. */
@Global()
@Module({ providers: [NoticesService], exports: [NoticesService] })
export class NoticesModule {}
