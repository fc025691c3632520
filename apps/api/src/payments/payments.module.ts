import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../platform/audit/audit.module.js';
import { ownRepositories, TransactionsModule } from '../platform/database/transactions.js';
import { PersonalDataModule } from '../platform/personal-data/personal-data.js';
import { CustomerModule } from '../customer/customer.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { CheckoutSessions } from './checkout-sessions.js';
import { PaymentGateway } from './payment-gateway.js';
import { PaymentAnomaly, PaymentEvent, PaymentSession } from './payment-session.entity.js';
import { PaymentSettlement } from './payment-settlement.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsService } from './payments.service.js';

/**
 * Card payment of the customer's cart: checkouts (one per cart), the provider (Stripe or the
 * embedded test checkout), and the settlement that turns each payment into one order or a refund.
 * Reads the cart through the customer module; places orders through the order lifecycle.
 */
@Module({
  imports: [PersonalDataModule, TransactionsModule, AuditModule, OrdersModule, TypeOrmModule.forFeature([PaymentSession, PaymentEvent, PaymentAnomaly]), CustomerModule],
  controllers: [PaymentsController],
  providers: [...ownRepositories([PaymentSession, PaymentAnomaly]), CheckoutSessions, PaymentGateway, PaymentSettlement, PaymentsService],
})
export class PaymentsModule {}
