import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../platform/audit/audit.module.js';
import { ownRepositories, TransactionsModule } from '../platform/database/transactions.js';
import { NoticeCheck } from './notice-check.entity.js';
import { Notice } from './notice.entity.js';
import { NoticesService } from './notices.service.js';

/** The doctors' notice to pharmacies; doctor and pharmacy controllers call NoticesService. */
@Module({
  imports: [TypeOrmModule.forFeature([Notice, NoticeCheck]), TransactionsModule, AuditModule],
  providers: [NoticesService, ...ownRepositories([Notice, NoticeCheck])],
  exports: [NoticesService],
})
export class NoticesModule {}
