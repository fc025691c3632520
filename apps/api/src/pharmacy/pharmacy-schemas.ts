/** The pharmacy's answers of the web API (/ui-api/v1): the one source of each shape (see platform/http/web-api-schemas.ts). */
import { ApiProperty } from '@nestjs/swagger';
import { ApiShape } from '../platform/http/api-shape.js';
import { type Decision, type DeliveryOptionId, type ItemType, type OrderStatus } from '@resepti/domain';
import { EPrescriptionSchema, INT, PrescribedSchema, TIME, WebPatientSchema } from '../platform/http/web-api-schemas.js';

// --- Pharmacy ----------------------------------------------------------------------------------

@ApiShape('PharmacyUserInfo')
export class PharmacyUserInfoSchema {
  @ApiProperty(INT) id!: number;
  firstName!: string;
  lastName!: string;
  /** @example 'apteekki' */
  username!: string;
  @ApiProperty({ enum: ['admin', 'user'] }) userLevel!: 'admin' | 'user';
  isAdmin!: boolean;
  @ApiProperty(INT) pharmacyId!: number;
  /** @example 'Keskusapteekki' */
  pharmacyName!: string;
  @ApiProperty({ ...INT, description: 'How many offices the user works at.' })
  officeCount!: number;
  @ApiProperty({ type: 'number', description: 'SESSION_IDLE_MINUTES (may be a fraction).', example: 30 })
  sessionIdleMinutes!: number;
}

@ApiShape('PharmacyOffice')
export class PharmacyOfficeSchema {
  @ApiProperty(INT) id!: number;
  /** @example 'Keskusapteekki Kauppatori' */
  name!: string;
  level!: string;
  /** @example 'Keskusapteekki' */
  pharmacyName!: string;
  phone!: string;
}

@ApiShape('PharmacyDeliveryOption')
export class PharmacyDeliveryOptionSchema {
  id!: DeliveryOptionId;
  label!: string;
  description!: string;
  @ApiProperty(INT) firstItemCents!: number;
  @ApiProperty(INT) nextItemCents!: number;
}

@ApiShape('PharmacyCartItem')
export class PharmacyCartItemSchema {
  @ApiProperty(INT) id!: number;
  type!: ItemType;
  @ApiProperty(INT) productId!: number;
  displayName!: string;
  format!: string;
  /** The pharmacist's additional information for the doctor. */
  reason!: string;
}

@ApiShape('PharmacyCart')
export class PharmacyCartSchema {
  items!: PharmacyCartItemSchema[];
  deliveryOptionId!: DeliveryOptionId | null;
  patient!: WebPatientSchema | null;
  @ApiProperty(INT) totalPriceCents!: number;
}

@ApiShape('PharmacySendResult')
export class PharmacySendResultSchema {
  @ApiProperty(INT) orderId!: number;
  @ApiProperty(TIME) deliveryBeforeTime!: string;
  @ApiProperty(INT) priceCents!: number;
}

@ApiShape('PharmacyOrderPrescription')
export class PharmacyOrderPrescriptionSchema {
  @ApiProperty(INT) id!: number;
  displayName!: string;
  format!: string;
  reason!: string;
  /** 'undecided' until the order is delivered. */
  decision!: Decision;
  reasonForDecision!: string;
  pharmacyChecked!: boolean;
  /** What the doctor prescribed (null until the order is delivered, and unless approved). */
  prescribed!: PrescribedSchema | null;
  @ApiProperty({ type: EPrescriptionSchema, nullable: true, description: 'The prescription in the Prescription Centre (Kanta): null unless approved and delivered.' })
  ePrescription!: EPrescriptionSchema | null;
}

@ApiShape('PharmacyOrder')
export class PharmacyOrderSchema {
  @ApiProperty(INT) orderId!: number;
  patient!: WebPatientSchema;
  deliveryStatus!: OrderStatus;
  @ApiProperty({ ...TIME, nullable: true }) deliveryTime!: string | null;
  @ApiProperty(TIME) deliveryBeforeTime!: string;
  deliveryOptionId!: DeliveryOptionId;
  @ApiProperty(TIME) created!: string;
  @ApiProperty({ ...INT, nullable: true }) officeId!: number | null;
  pharmacist!: string;
  prescriptions!: PharmacyOrderPrescriptionSchema[];
}

@ApiShape('PharmacyOrderPage')
export class PharmacyOrderPageSchema {
  data!: PharmacyOrderSchema[];
  @ApiProperty({ ...INT, description: "All of the pharmacy's orders." })
  count!: number;
  @ApiProperty(INT) offset!: number;
  @ApiProperty(INT) limit!: number;
}

@ApiShape('MessageStatus')
export class MessageStatusSchema {
  /** This pharmacy user has marked the published notice as read. */
  checked!: boolean;
  /** false when no notice is published. */
  published!: boolean;
}

@ApiShape('PharmacyUser')
export class PharmacyUserSchema {
  @ApiProperty(INT) id!: number;
  firstName!: string;
  lastName!: string;
  username!: string;
  @ApiProperty({ enum: ['admin', 'user'] }) userLevel!: 'admin' | 'user';
  isAdmin!: boolean;
  @ApiProperty(INT) pharmacyId!: number;
  /** In the list: whether the user signs in with TOTP. */
  mfaEnabled?: boolean;
}

@ApiShape('UsernameCheck')
export class UsernameCheckSchema {
  usernameExists!: boolean;
}
