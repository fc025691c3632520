import { IsOptional, ValidateIf } from 'class-validator';

/**
 * A field that may be left out; sent, it is validated, null too. class-validator's IsOptional
 * also lets null through unvalidated, and a service typed `string | undefined` then met it (a
 * TypeError, a 500, on `{"patientHetu": null}`): every optional DTO field uses this instead.
 */
export const Optional = (): PropertyDecorator => ValidateIf((_object: object, value: unknown) => value !== undefined);

/** A field whose contract says null means "left out" (the doctors' history request, SPEC section 7). */
export const OptionalOrNull = (): PropertyDecorator => IsOptional();
