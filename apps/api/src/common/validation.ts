import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { ValidatorOptions } from 'class-validator';

/** Unknown fields are refused, so a typo in a payload is a clear 400 instead of silently ignored. */
export const VALIDATION_OPTIONS: ValidatorOptions = { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true };

const UNKNOWN_FIELD = 'whitelistValidation';

/** Flattens class-validator errors into readable messages (Finnish where a user sees them). */
export function validationMessages(errors: ValidationError[]): string[] {
  return [...new Set(collectMessages(errors, ''))];
}

function collectMessages(errors: ValidationError[], prefix: string): string[] {
  return errors.flatMap((error) => {
    const field = prefix + error.property;
    const own = Object.entries(error.constraints ?? {}).map(([key, message]) =>
      key === UNKNOWN_FIELD ? `Tuntematon kenttä: ${field}` : message,
    );
    return own.concat(collectMessages(error.children ?? [], `${field}.`));
  });
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    ...VALIDATION_OPTIONS,
    transform: true,
    exceptionFactory: (errors) => new BadRequestException(validationMessages(errors)),
  });
}
