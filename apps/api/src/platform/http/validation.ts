import { type ArgumentMetadata, BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
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

/** One invalid field: where it is (a path of property names and indexes), which rule failed, and its message. */
export interface FieldFailure {
  path: string[];
  constraint: string;
  message: string;
}

/**
 * A validation 400 that also knows each field (for the integrator API's problem+json `errors[]`);
 * its answer to the web API is the usual {statusCode, message, error}.
 */
export class FieldValidationException extends BadRequestException {
  /** Where the validated value came from: the body, the query string or the path. */
  location: ArgumentMetadata['type'] = 'body';

  constructor(
    messages: string[],
    readonly fields: FieldFailure[],
  ) {
    super(messages);
  }
}

function collectFields(errors: ValidationError[], path: string[]): FieldFailure[] {
  return errors.flatMap((error) => {
    const here = [...path, error.property];
    const own = Object.entries(error.constraints ?? {}).map(([constraint, message]) => ({
      path: here,
      constraint,
      message: constraint === UNKNOWN_FIELD ? `Tuntematon kenttä: ${here.join('.')}` : message,
    }));
    return own.concat(collectFields(error.children ?? [], here));
  });
}

class FieldValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    try {
      return await super.transform(value, metadata);
    } catch (err) {
      if (err instanceof FieldValidationException) err.location = metadata.type;
      throw err;
    }
  }
}

export function createValidationPipe(): ValidationPipe {
  return new FieldValidationPipe({
    ...VALIDATION_OPTIONS,
    transform: true,
    exceptionFactory: (errors) => new FieldValidationException(validationMessages(errors), collectFields(errors, [])),
  });
}
