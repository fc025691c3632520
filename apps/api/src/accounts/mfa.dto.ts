import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MFA_MESSAGES, VALIDATION_MESSAGES } from '@resepti/domain';

export class MfaCodeDto {
  /** The authenticator's 6-digit code, or a recovery code (XXXXX-XXXXX) at login @example '123456' */
  @MaxLength(20, { message: MFA_MESSAGES.codeWrong })
  @IsNotEmpty({ message: MFA_MESSAGES.codeMissing })
  @IsString({ message: MFA_MESSAGES.codeMissing })
  code!: string;
}

/** A credential change of a signed-in staff user (TOTP off, new recovery codes): the password and a code. */
export class PasswordAndCodeDto extends MfaCodeDto {
  /** @example 'Laakari123' */
  @IsString({ message: VALIDATION_MESSAGES.passwordMissing })
  @IsNotEmpty({ message: VALIDATION_MESSAGES.passwordMissing })
  @MaxLength(200, { message: 'Salasana on liian pitkä' })
  password!: string;
}
