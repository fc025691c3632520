import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MESSAGES, PHARMACY_MESSAGES, VALIDATION_MESSAGES } from '@resepti/domain';
import { Trim } from './trim.js';

/** POST /patient-info: the patient the pharmacist is serving. The hetu's check character is verified by the service. */
export class PatientInfoDto {
  /** @example 'Matti' */
  @Trim()
  @IsString({ message: VALIDATION_MESSAGES.firstNameRequired })
  @IsNotEmpty({ message: VALIDATION_MESSAGES.firstNameRequired })
  @MaxLength(100, { message: PHARMACY_MESSAGES.nameTooLong })
  firstName!: string;
  /** @example 'Meikäläinen' */
  @Trim()
  @IsString({ message: VALIDATION_MESSAGES.lastNameRequired })
  @IsNotEmpty({ message: VALIDATION_MESSAGES.lastNameRequired })
  @MaxLength(100, { message: PHARMACY_MESSAGES.nameTooLong })
  lastName!: string;
  /** Finnish personal identity code, 11 characters with a valid check character @example '121212-913Y' */
  @IsString({ message: MESSAGES.hetuInvalid })
  hetu!: string;
}
