/**
 * The API's payloads under their domain names. Each shape is written once, as a class in apps/api
 * (a DTO or an answer schema read by the @nestjs/swagger plugin); `npm run openapi` writes the committed
 * documents in docs/openapi and generates generated/web-api.ts (and libs/integrator-client/integrator-v1.d.ts) from them.
 */
import type { components as WebApi } from './generated/web-api.js';
// The integrator contract's types have one home: the SDK package (@resepti/integrator-client).
import type { components as IntegratorApi } from '../../integrator-client/integrator-v1.js';
import type { NumberedChatEntry } from './questionnaires.js';

type W = WebApi['schemas'];
type I = IntegratorApi['schemas'];

// Web API (/ui-api/v1): sign-in, sessions and shared answers.
export type ApiError = W['WebError'];
export type CsrfTokenResponse = W['CsrfToken'];
export type LoginResponse = W['LoginResult'];
export type DoctorInfo = W['DoctorInfo'];
export type CustomerInfo = W['CustomerInfo'];
export type CustomerSession = W['CustomerSession'];
export type PharmacyUserInfo = W['PharmacyUserInfo'];
export type PharmacyOffice = W['PharmacyOffice'];
export type Product = W['WebProduct'];
export type CustomerCentrePrescriptions = W['CustomerCentrePrescriptions'];
export type RenewableCentrePrescription = W['RenewableCentrePrescription'];
export type SystemStatus = W['SystemStatus'];
export type Patient = W['WebPatient'];
export type PharmacyData = W['PharmacyData'];
export type PharmacyNotice = W['PharmacyNotice'];
export type PatientAccessLog = W['PatientAccessLog'];
export type PatientAccessLogEntry = W['PatientAccessLogEntry'];
export type RegistrationData = W['RegistrationData'];
export type RegistrationRequest = W['RegistrationDto'];
export type ContactDetailsUpdate = W['ContactDetailsDto'];
export type PasswordChangeRequest = W['ChangePasswordDto'];
export type AccountCloseRequest = W['CloseAccountDto'];
export type LanguageRequest = W['LanguageDto'];
export type TotpStatus = W['TotpStatus'];
export type TotpSetupResponse = W['TotpSetup'];
export type TotpEnableResponse = W['TotpEnabled'];
export type MyAccessLogEntry = W['MyAccessLogEntry'];
export type MyAccessLog = W['MyAccessLog'];
export type Provider = W['Provider'];

// Customer.
/** `chat` is a list or JSON text of one; the document (unchanged) calls it an object. */
export type AddCustomerCartItemRequest = Omit<W['AddCustomerCartItemDto'], 'chat'> & { chat?: NumberedChatEntry[] | string };
export type CustomerCartItem = W['CustomerCartItem'];
export type CustomerCoupon = W['CustomerCoupon'];
export type CustomerCart = W['CustomerCart'];
export type PaymentSessionResponse = W['PaymentSession'];
export type EmbeddedCheckoutSession = W['EmbeddedCheckout'];
export type PaymentStatus = W['PaymentStatus'];
export type EmbeddedCheckoutPayRequest = W['EmbeddedCheckoutPayDto'];
export type EmbeddedCheckoutPaid = W['EmbeddedCheckoutPaid'];
export type CustomerPaid = W['CustomerPaid'];
export type CustomerPrescription = W['CustomerPrescription'];
export type CustomerOrder = W['CustomerOrder'];
export type FeedbackQuestion = W['FeedbackQuestion'];
export type FeedbackRequest = W['FeedbackDto'];

// Doctor.
export type DoctorPrescription = W['DoctorPrescription'];
export type DoctorName = W['DoctorName'];
export type DoctorOrder = W['DoctorOrder'];
export type QueueOrder = W['QueueOrder'];
export type HistoryRequest = W['HistoryRequestDto'];
export type HistoryResponse = W['DoctorHistory'];
export type PharmacyMessageRequest = W['PharmacyMessageDto'];
export type ProcessItemRequest = W['ProcessItemDto'];
export type CentrePrescriptions = W['CentrePrescriptions'];
export type CentreItemFacts = W['CentreItemFacts'];
export type CentrePrescriptionFacts = W['CentrePrescriptionFacts'];
export type PatientContext = W['PatientContext'];
export type ItemHistoryFacts = W['ItemHistoryFacts'];
export type EarlierDecision = W['EarlierDecision'];
export type Prescribed = W['Prescribed'];
export type FailedEPrescription = W['FailedEPrescription'];

// Pharmacy.
export type DeliveryOptionDto = W['PharmacyDeliveryOption'];
export type PharmacyCartItem = W['PharmacyCartItem'];
export type PharmacyCart = W['PharmacyCart'];
export type PharmacySendResult = W['PharmacySendResult'];
export type PharmacyOrderPrescription = W['PharmacyOrderPrescription'];
export type PharmacyOrder = W['PharmacyOrder'];
export type PharmacyOrderPage = W['PharmacyOrderPage'];
export type MessageStatus = W['MessageStatus'];
export type PharmacyUserListEntry = W['PharmacyUser'];
export type UsernameCheck = W['UsernameCheck'];
export type NewPharmacyUserRequest = W['CreatePharmacyUserDto'];
export type UpdatePharmacyUserRequest = W['UpdatePharmacyUserDto'];
export type ApiClientView = W['ApiClient'];

// Integrator API (/api/v1).
export type IntegratorTokenResponse = I['TokenResponse'];
export type IntegratorOrder = I['Order'];
export type IntegratorOrderPage = I['OrderPage'];
export type IntegratorOfficeList = I['OfficeList'];
export type IntegratorDeliveryOptionList = I['DeliveryOptionList'];
export type CreateWebhookEndpointRequest = I['CreateWebhookEndpointRequest'];
export type WebhookEndpointView = I['WebhookEndpoint'];
export type RotateWebhookSecretRequest = I['RotateWebhookSecretRequest'];
export type WebhookDeliveryView = I['WebhookDelivery'];
export type IntegratorWebhookEvent = I['Event'];
export type OrderPreviousAttributes = I['OrderPreviousAttributes'];
export type IntegratorEventPage = I['EventPage'];
export type ProblemFieldError = I['ProblemFieldError'];
export type ProblemDetails = I['Problem'];
export type ProductPage = I['ProductPage'];
