import { AuditChainHead, AuditLog } from '../audit/audit-log.entity.js';
import { LoginCounter } from '../../accounts/login-counter.entity.js';
import { StaffRecoveryCode, StaffTotp } from '../../accounts/staff-totp.entity.js';
import { Product } from '../../catalogue/product.entity.js';
import { CustomerCartCoupon } from '../../customer/customer-cart-coupon.entity.js';
import { CustomerCartItem } from '../../customer/customer-cart-item.entity.js';
import { CustomerFeedback } from '../../customer/customer-feedback.entity.js';
import { Customer } from '../../accounts/customer.entity.js';
import { Identification } from '../../customer/identification.entity.js';
import { ApiClient, ApiIdempotencyKey } from '../../integrator/api-client.entity.js';
import { ApiEvent, WebhookDelivery, WebhookEndpoint } from '../../integrator/webhook.entity.js';
import { PaymentAnomaly, PaymentEvent, PaymentSession } from '../../payments/payment-session.entity.js';
import { Doctor } from '../../accounts/doctor.entity.js';
import { NoticeCheck } from '../../notices/notice-check.entity.js';
import { Notice } from '../../notices/notice.entity.js';
import { SmsOutbox } from '../../notifications/sms-outbox.entity.js';
import { Coupon } from '../../orders/coupon.entity.js';
import { OrderItem } from '../../orders/order-item.entity.js';
import { OrderQueueCount } from '../../orders/order-queue-count.entity.js';
import { Order } from '../../orders/order.entity.js';
import { PharmacyCartItem } from '../../pharmacy/pharmacy-cart-item.entity.js';
import { PharmacyCart } from '../../pharmacy/pharmacy-cart.entity.js';
import { PharmacyOffice } from '../../accounts/pharmacy-office.entity.js';
import { PharmacyUser } from '../../accounts/pharmacy-user.entity.js';
import { Pharmacy } from '../../accounts/pharmacy.entity.js';

/** Every entity of the schema; the data source and the migration check both use this list. */
export const ENTITIES = [
  ApiClient,
  ApiIdempotencyKey,
  AuditChainHead,
  AuditLog,
  Coupon,
  Customer,
  CustomerCartCoupon,
  CustomerCartItem,
  CustomerFeedback,
  Doctor,
  Identification,
  LoginCounter,
  Notice,
  NoticeCheck,
  Order,
  OrderItem,
  OrderQueueCount,
  PaymentAnomaly,
  PaymentEvent,
  PaymentSession,
  Pharmacy,
  PharmacyCart,
  PharmacyCartItem,
  PharmacyOffice,
  PharmacyUser,
  Product,
  SmsOutbox,
  StaffRecoveryCode,
  StaffTotp,
  WebhookDelivery,
  ApiEvent,
  WebhookEndpoint,
];
