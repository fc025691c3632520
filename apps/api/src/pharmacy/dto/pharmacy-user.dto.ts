import { IsInt, IsString, MaxLength } from 'class-validator';
import { ApiShape } from '../../platform/http/api-shape.js';
import { Optional } from '../../platform/http/optional.js';
import { PHARMACY_MESSAGES, VALIDATION_MESSAGES } from '@resepti/domain';

const PASSWORD_TOO_LONG = 'Salasana on liian pitkä';

/** The fields every pharmacy-user form has (the rules and their Finnish messages are checked by the service). */
abstract class PharmacyUserFieldsDto {
  @IsString({ message: VALIDATION_MESSAGES.firstNameRequired })
  @MaxLength(100, { message: PHARMACY_MESSAGES.nameTooLong })
  firstName!: string;
  @IsString({ message: VALIDATION_MESSAGES.lastNameRequired })
  @MaxLength(100, { message: PHARMACY_MESSAGES.nameTooLong })
  lastName!: string;
  @IsString({ message: VALIDATION_MESSAGES.usernameMissing })
  @MaxLength(200, { message: VALIDATION_MESSAGES.usernameTooLong })
  username!: string;
}

/** POST /create-pharmacy-user */
@ApiShape()
export class CreatePharmacyUserDto extends PharmacyUserFieldsDto {
  @IsString({ message: VALIDATION_MESSAGES.passwordTooShort })
  @MaxLength(200, { message: PASSWORD_TOO_LONG })
  password!: string;
}

/** POST /update-pharmacy-user: an empty or missing password keeps the old one. */
@ApiShape()
export class UpdatePharmacyUserDto extends PharmacyUserFieldsDto {
  @IsInt({ message: PHARMACY_MESSAGES.userNotFound })
  id!: number;
  @Optional()
  @IsString({ message: VALIDATION_MESSAGES.passwordComposition })
  @MaxLength(200, { message: PASSWORD_TOO_LONG })
  password?: string;
}

/** DELETE /delete-pharmacy-user */
export class DeletePharmacyUserDto {
  @IsString({ message: VALIDATION_MESSAGES.usernameMissing })
  @MaxLength(200, { message: VALIDATION_MESSAGES.usernameTooLong })
  username!: string;
}

/** POST /reset-pharmacy-user-mfa */
export class ResetPharmacyUserMfaDto {
  @IsInt({ message: PHARMACY_MESSAGES.userNotFound })
  id!: number;
}
