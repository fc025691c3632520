import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiShape } from '../../platform/http/api-shape.js';
import { IsBoolean, IsIn, IsString, MaxLength, registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { Optional } from '../../platform/http/optional.js';
import { EULA_VERSION, passwordChangeErrors, registrationPasswordErrors, validateEmail, validatePhone, VALIDATION_MESSAGES as M, LANGUAGES, type Language } from '@resepti/domain';

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

/**
 * POST /my-user. SPEC section 3's registration data also carries hetu, firstName and lastName; they are
 * ignored: the person always comes from the strong identification, never from the request body.
 */
@ApiShape()
export class RegistrationDto {
  @ApiProperty({ example: 'maija.mallikas@example.fi' })
  @DomainRule(text(validateEmail))
  email!: string;
  /** Spaces are stripped when saving. @example '040 123 4567' */
  @MaxLength(40, { message: M.phoneInvalid })
  @DomainRule(text(validatePhone))
  phone!: string;
  /** @example 'Salasana1' */
  @MaxLength(PASSWORD_MAX, { message: PASSWORD_TOO_LONG })
  @DomainRule(text((v) => firstOf(registrationPasswordErrors(v))))
  password!: string;
  /** @example false */
  @IsBoolean({ message: 'marketingAllowed: true tai false' })
  marketingAllowed!: boolean;
  /** @example true */
  @DomainRule((v) => (v === true ? null : M.termsRequired))
  eulaAccepted!: boolean;
  @ApiProperty({ example: EULA_VERSION })
  @DomainRule((v) => (v === EULA_VERSION ? null : M.eulaVersionInvalid))
  approvedEulaVersion!: string;
  /** Ignored: taken from the strong identification. */
  @Optional()
  @IsString({ message: IGNORED_TEXT('hetu') })
  @MaxLength(100, { message: IGNORED_TEXT('hetu') })
  hetu?: string;
  /** Ignored: taken from the strong identification. */
  @Optional()
  @IsString({ message: IGNORED_TEXT('firstName') })
  @MaxLength(100, { message: IGNORED_TEXT('firstName') })
  firstName?: string;
  /** Ignored: taken from the strong identification. */
  @Optional()
  @IsString({ message: IGNORED_TEXT('lastName') })
  @MaxLength(100, { message: IGNORED_TEXT('lastName') })
  lastName?: string;
}

@ApiShape()
export class PasswordCheckDto {
  /** @example 'Kevät-Aamu-2026' */
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
  /** @example '+358401234567' */
  @Optional()
  @MaxLength(40, { message: M.phoneInvalid })
  @DomainRule(text(validatePhone))
  phone?: string;
  /** The current password: required when the e-mail (the login) changes (ASVS 6.2.3). @example 'Salasana1' */
  @Optional()
  @DomainRule(text((v) => currentPasswordProblem(v, M.passwordForEmailChange)))
  password?: string;
}

export class NewPasswordDto {
  /** @example 'Salasana2' */
  @MaxLength(PASSWORD_MAX, { message: PASSWORD_TOO_LONG })
  @DomainRule(text((v) => firstOf(passwordChangeErrors(v))))
  newPassword!: string;
}

/** A signed-in customer's new password: the current one too (ASVS 6.2.3), so a borrowed session cannot take the account. */
@ApiShape()
export class ChangePasswordDto extends NewPasswordDto {
  /** @example 'Salasana1' */
  @DomainRule(text((v) => currentPasswordProblem(v, M.currentPasswordMissing)))
  currentPassword!: string;
}

/** Closing the account needs the password (ASVS 6.2.3), like any credential change. */
export class CloseAccountDto {
  /** @example 'Salasana1' */
  @DomainRule(text((v) => currentPasswordProblem(v, M.passwordForAccountClose)))
  password!: string;
}

/** The language message is in all three languages: whoever sends a wrong value may not read Finnish. */
/** The same three-language text in every catalog: whoever sent a wrong language reads their own. */
export const LANGUAGE_INVALID_MESSAGE = 'errors.languageInvalid';

/** PUT /my-user/language: the language of the web's switch (issue 27). */
export class LanguageDto {
  /** @example 'sv' */
  @IsIn(LANGUAGES, { message: LANGUAGE_INVALID_MESSAGE })
  language!: Language;
}
