import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsString, MaxLength, registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { Optional } from '../../platform/http/optional.js';
import { EULA_VERSION, passwordChangeErrors, registrationPasswordErrors, validateEmail, validatePhone, VALIDATION_MESSAGES as M, type AccountCloseRequest, type RegistrationRequest, type PasswordCheckRequest, type PasswordChangeRequest, LANGUAGES, type Language, type LanguageRequest } from '@resepti/domain';

/** A class-validator rule from a libs/domain function that returns the Finnish message (or null). */
function DomainRule(rule: (value: unknown) => string | null, options?: ValidationOptions) {
  return (object: object, propertyName: string) => {
    registerDecorator({
      name: `domain_${propertyName}`,
      target: object.constructor,
      propertyName,
      options: { ...options, message: (args: ValidationArguments) => rule(args.value) ?? '' },
      validator: { validate: (value: unknown) => rule(value) === null },
    });
  };
}

/** A text rule; anything but a string gets the rule's message for an empty value. */
const text = (rule: (value: string) => string | null) => (value: unknown) => rule(typeof value === 'string' ? value : '');

const firstOf = (errors: string[]) => errors[0] ?? null;
const PASSWORD_MAX = 200;
const PASSWORD_TOO_LONG = M.passwordTooLong;

/** A current password as typed: any text up to the maximum; `missing` when empty or not text. */
const currentPasswordProblem = (v: string, missing: string) => (v === '' ? missing : v.length > PASSWORD_MAX ? PASSWORD_TOO_LONG : null);

/** The ignored fields below, when sent, are still text (at most 100 characters). */
const IGNORED_TEXT = (field: string) => `${field}: tekstiä, enintään 100 merkkiä`;

export class RegistrationDto implements RegistrationRequest {
  @ApiProperty({ example: 'maija.mallikas@example.fi' })
  @DomainRule(text(validateEmail))
  email!: string;

  @ApiProperty({ example: '040 123 4567', description: 'Spaces are stripped when saving.' })
  @MaxLength(40, { message: M.phoneInvalid })
  @DomainRule(text(validatePhone))
  phone!: string;

  @ApiProperty({ example: 'Salasana1' })
  @MaxLength(PASSWORD_MAX, { message: PASSWORD_TOO_LONG })
  @DomainRule(text((v) => firstOf(registrationPasswordErrors(v))))
  password!: string;

  @ApiProperty({ example: false })
  @IsBoolean({ message: 'marketingAllowed: true tai false' })
  marketingAllowed!: boolean;

  @ApiProperty({ example: true })
  @DomainRule((v) => (v === true ? null : M.termsRequired))
  eulaAccepted!: boolean;

  @ApiProperty({ example: EULA_VERSION })
  @DomainRule((v) => (v === EULA_VERSION ? null : M.eulaVersionInvalid))
  approvedEulaVersion!: string;

  // The registration data of SPEC section 3 also carries these; they are ignored: the
  // person always comes from the strong identification, never from the request body.
  @ApiPropertyOptional({ description: 'Ignored: taken from the strong identification.' })
  @Optional()
  @IsString({ message: IGNORED_TEXT('hetu') })
  @MaxLength(100, { message: IGNORED_TEXT('hetu') })
  hetu?: string;

  @ApiPropertyOptional({ description: 'Ignored: taken from the strong identification.' })
  @Optional()
  @IsString({ message: IGNORED_TEXT('firstName') })
  @MaxLength(100, { message: IGNORED_TEXT('firstName') })
  firstName?: string;

  @ApiPropertyOptional({ description: 'Ignored: taken from the strong identification.' })
  @Optional()
  @IsString({ message: IGNORED_TEXT('lastName') })
  @MaxLength(100, { message: IGNORED_TEXT('lastName') })
  lastName?: string;
}

export class PasswordCheckDto implements PasswordCheckRequest {
  @ApiProperty({ example: 'Kevät-Aamu-2026' })
  @MaxLength(PASSWORD_MAX, { message: PASSWORD_TOO_LONG })
  @DomainRule(text((v) => firstOf(registrationPasswordErrors(v))))
  password!: string;

  @ApiPropertyOptional({ example: 'maija.mallikas@example.fi', description: 'The e-mail of the wizard, which makes no password either.' })
  @Optional()
  @IsString({ message: M.emailInvalid })
  @MaxLength(254, { message: M.emailInvalid })
  email?: string;
}

export class ContactDetailsDto {
  @ApiPropertyOptional({ example: 'aino@example.fi' })
  @Optional()
  @DomainRule(text(validateEmail))
  email?: string;

  @ApiPropertyOptional({ example: '+358401234567' })
  @Optional()
  @MaxLength(40, { message: M.phoneInvalid })
  @DomainRule(text(validatePhone))
  phone?: string;

  @ApiPropertyOptional({ example: 'Salasana1', description: 'The current password: required when the e-mail (the login) changes (ASVS 6.2.3).' })
  @Optional()
  @DomainRule(text((v) => currentPasswordProblem(v, M.passwordForEmailChange)))
  password?: string;
}

export class NewPasswordDto {
  @ApiProperty({ example: 'Salasana2' })
  @MaxLength(PASSWORD_MAX, { message: PASSWORD_TOO_LONG })
  @DomainRule(text((v) => firstOf(passwordChangeErrors(v))))
  newPassword!: string;
}

/** A signed-in customer's new password: the current one too (ASVS 6.2.3), so a borrowed session cannot take the account. */
export class ChangePasswordDto extends NewPasswordDto implements PasswordChangeRequest {
  @ApiProperty({ example: 'Salasana1' })
  @DomainRule(text((v) => currentPasswordProblem(v, M.currentPasswordMissing)))
  currentPassword!: string;
}

/** Closing the account needs the password (ASVS 6.2.3), like any credential change. */
export class CloseAccountDto implements AccountCloseRequest {
  @ApiProperty({ example: 'Salasana1' })
  @DomainRule(text((v) => currentPasswordProblem(v, M.passwordForAccountClose)))
  password!: string;
}

/** The language message is in all three languages: whoever sends a wrong value may not read Finnish. */
/** The same three-language text in every catalog: whoever sent a wrong language reads their own. */
export const LANGUAGE_INVALID_MESSAGE = 'errors.languageInvalid';

/** PUT /my-user/language: the language of the web's switch (issue 27). */
export class LanguageDto implements LanguageRequest {
  @ApiProperty({ enum: LANGUAGES, example: 'sv' })
  @IsIn(LANGUAGES, { message: LANGUAGE_INVALID_MESSAGE })
  language!: Language;
}
