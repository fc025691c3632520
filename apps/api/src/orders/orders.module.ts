import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../platform/audit/audit.module.js';
import { PrescriptionCentreModule } from '../prescription-centre/prescription-centre.module.js';
import { ownRepositories, TransactionsModule } from '../platform/database/transactions.js';
import { CouponsService } from './coupons.service.js';
import { EPrescriptionRecord } from './e-prescription.entity.js';
import { EPrescriptionSender } from './e-prescription-sender.js';
import { EPrescriptionsService } from './e-prescriptions.service.js';
import { OrderLifecycleService } from './order-lifecycle.service.js';
import { OrderQueueCount } from './order-queue-count.entity.js';
import { OrderQueueService } from './order-queue.service.js';
import { OrderReads } from './order-reads.service.js';
import { Order } from './order.entity.js';
import { Coupon } from './coupon.entity.js';
import { OrderItem } from './order-item.entity.js';

/**
 * The one order lifecycle (every change of an order), the doctors' queue reads, the one door for
 * reading orders (OrderReads), and the approved items' e-prescriptions: their record table, the
 * outbox channel that records them in the Prescription Centre, the doctors' failed list and retry.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Order, OrderItem, OrderQueueCount, Coupon, EPrescriptionRecord]), TransactionsModule, AuditModule, PrescriptionCentreModule],
  providers: [...ownRepositories([Order, OrderItem, OrderQueueCount, Coupon, EPrescriptionRecord]), OrderLifecycleService, OrderQueueService, OrderReads, CouponsService, EPrescriptionSender, EPrescriptionsService],
  exports: [OrderLifecycleService, OrderQueueService, OrderReads, CouponsService, EPrescriptionsService],
})
export class OrdersModule {}
