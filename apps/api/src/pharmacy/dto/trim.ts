import { Transform } from 'class-transformer';

/** Trims a string field before validation (other types pass through to fail their own check). */
export const Trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
