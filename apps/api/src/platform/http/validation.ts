import { type ArgumentMetadata, BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { ValidatorOptions } from 'class-validator';
import { REQUEST_MESSAGES } from '@resepti/domain';

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
  /** Where the validated value came from: the body, the query string, the path or a header. */
  location: FieldLocation = 'body';

  constructor(
    messages: string[] | string,
    readonly fields: FieldFailure[],
  ) {
    super(messages);
  }
}

export type FieldLocation = ArgumentMetadata['type'] | 'header';

/**
 * One field refused by a rule past validation (an unknown office, a medicine not on sale, a hetu
 * whose check character is wrong): the web API's answer is the usual `{statusCode, message}`
 * with the message as a string, the integrator API's a `validation-failed` with the field's pointer.
 */
export function fieldRefusal(message: string, path: Array<string | number>, location: FieldLocation = 'body'): FieldValidationException {
  const refusal = new FieldValidationException(message, [{ path: path.map(String), constraint: 'refused', message }]);
  refusal.location = location;
  return refusal;
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

/** A DTO class (not a primitive's constructor): what a body must be an object for. */
const isDtoClass = (metatype: ArgumentMetadata['metatype']) => typeof metatype === 'function' && ![String, Boolean, Number, Array, Object].includes(metatype as never);

class FieldValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && isDtoClass(metadata.metatype)) {
      // No body is an empty one (each required field is then named); an array is no object (class-validator called it "an unknown value").
      if (value === undefined) value = {};
      else if (value === null || typeof value !== 'object' || Array.isArray(value)) throw fieldRefusal(REQUEST_MESSAGES.objectRequired, []);
    }
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
