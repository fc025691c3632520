import { InitialSchema1795311958313 } from './1795311958313-InitialSchema.js';
import { SessionStore1795311958400 } from './1795311958400-SessionStore.js';
import { PharmacyCart1795312523614 } from './1795312523614-PharmacyCart.js';
import { DoctorHistoryIndexes1795312634070 } from './1795312634070-DoctorHistoryIndexes.js';
import { LoginThrottle1795315412976 } from './1795315412976-LoginThrottle.js';
import { CartPatientLoginCounter1795443056596 } from './1795443056596-CartPatientLoginCounter.js';
import { QueueCounts1795444826256 } from './1795444826256-QueueCounts.js';
import { CustomerIdentification1795445421419 } from './1795445421419-CustomerIdentification.js';
import { UncheckedItemsIndex1795448289253 } from './1795448289253-UncheckedItemsIndex.js';
import { AuditTrail1795493904358 } from './1795493904358-AuditTrail.js';
import { SmsOutboxLease1795495184811 } from './1795495184811-SmsOutboxLease.js';
import { CustomerCart1795495595385 } from './1795495595385-CustomerCart.js';
import { CartCoupons1795496584951 } from './1795496584951-CartCoupons.js';
import { CustomerFeedback1795497575439 } from './1795497575439-CustomerFeedback.js';
import { Payments1795535568480 } from './1795535568480-Payments.js';
import { IntegratorApi1795537797128 } from './1795537797128-IntegratorApi.js';
import { MoneySafety1795593766287 } from './1795593766287-MoneySafety.js';
import { AuditChainKey1795593830635 } from './1795593830635-AuditChainKey.js';
import { IdentificationAttempts1795595385682 } from './1795595385682-IdentificationAttempts.js';
import { StaffMfa1795600000000 } from './1795600000000-StaffMfa.js';
import { CustomerLanguage1795700000300 } from './1795700000300-CustomerLanguage.js';
import { ChangeFeedByCommit1795800000100 } from './1795800000100-ChangeFeedByCommit.js';
import { WebhookSecretRotation1795800000110 } from './1795800000110-WebhookSecretRotation.js';
import { IntegratorSandbox1795800000200 } from './1795800000200-IntegratorSandbox.js';
import { AuditListReads1795900000000 } from './1795900000000-AuditListReads.js';
import { AuditChainPerStatement1795900000010 } from './1795900000010-AuditChainPerStatement.js';
import { ReseptilistaIndex1795600000500 } from './1795600000500-ReseptilistaIndex.js';
import { CustomerAccountClosing1795700000000 } from './1795700000000-CustomerAccountClosing.js';
import { ProductCatalogue1795700000100 } from './1795700000100-ProductCatalogue.js';
import { CustomerPhonesE1641795700000110 } from './1795700000110-CustomerPhonesE164.js';
import { IdempotencyKeyExpiry1795700000200 } from './1795700000200-IdempotencyKeyExpiry.js';
import { IntegratorEvents1795700000201 } from './1795700000201-IntegratorEvents.js';
import { StripedQueueCounts1795900002000 } from './1795900002000-StripedQueueCounts.js';
import { OrderPatientSearch1795900003000 } from './1795900003000-OrderPatientSearch.js';
import { SmsOutboxCustomer1796000000000 } from './1796000000000-SmsOutboxCustomer.js';
import { PrescriptionFields1796050000000 } from './1796050000000-PrescriptionFields.js';
import { DevPrescriptionCentre1796100000000 } from './1796100000000-DevPrescriptionCentre.js';
import { PrescribedMedication1796300000001 } from './1796300000001-PrescribedMedication.js';
import { ProductSearchTerms1796400000000 } from './1796400000000-ProductSearchTerms.js';
import { HistoryWithoutParallelWorkers1796430043000 } from './1796430043000-HistoryWithoutParallelWorkers.js';
import { EPrescription1796200000000 } from './1796200000000-EPrescription.js';
import { StandardTerms1796444000000 } from './1796444000000-StandardTerms.js';
import { OrdersByPatient1796500000000 } from './1796500000000-OrdersByPatient.js';
import { ClientOnlyEvents1796600000000 } from './1796600000000-ClientOnlyEvents.js';
import { HistorySearchWords1796700043000 } from './1796700043000-HistorySearchWords.js';
import { HandledOrderCount1796800000000 } from './1796800000000-HandledOrderCount.js';

/** Every migration, oldest first. A new migration is generated with `npm run migration:generate -- Name` and added here. */
export const MIGRATIONS = [
  InitialSchema1795311958313,
  SessionStore1795311958400,
  PharmacyCart1795312523614,
  DoctorHistoryIndexes1795312634070,
  LoginThrottle1795315412976,
  CartPatientLoginCounter1795443056596,
  QueueCounts1795444826256,
  CustomerIdentification1795445421419,
  UncheckedItemsIndex1795448289253,
  AuditTrail1795493904358,
  SmsOutboxLease1795495184811,
  CustomerCart1795495595385,
  CartCoupons1795496584951,
  CustomerFeedback1795497575439,
  Payments1795535568480,
  IntegratorApi1795537797128,
  MoneySafety1795593766287,
  AuditChainKey1795593830635,
  IdentificationAttempts1795595385682,
  StaffMfa1795600000000,
  ReseptilistaIndex1795600000500,
  CustomerAccountClosing1795700000000,
  ProductCatalogue1795700000100,
  CustomerPhonesE1641795700000110,
  IdempotencyKeyExpiry1795700000200,
  IntegratorEvents1795700000201,
  CustomerLanguage1795700000300,
  ChangeFeedByCommit1795800000100,
  WebhookSecretRotation1795800000110,
  IntegratorSandbox1795800000200,
  AuditListReads1795900000000,
  AuditChainPerStatement1795900000010,
  StripedQueueCounts1795900002000,
  OrderPatientSearch1795900003000,
  SmsOutboxCustomer1796000000000,
  PrescriptionFields1796050000000,
  DevPrescriptionCentre1796100000000,
  PrescribedMedication1796300000001,
  ProductSearchTerms1796400000000,
  EPrescription1796200000000,
  StandardTerms1796444000000,
  OrdersByPatient1796500000000,
  HistoryWithoutParallelWorkers1796430043000,
  ClientOnlyEvents1796600000000,
  HistorySearchWords1796700043000,
  HandledOrderCount1796800000000,
];
