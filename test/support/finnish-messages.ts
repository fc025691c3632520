/**
 * The API's messages as a Finnish client reads them: @resepti/domain's message constants are keys
 * of the catalogs (libs/domain/src/locales); these views hold their Finnish texts, name for name,
 * so a test compares an answer with the text SPEC.md gives.
 */
import { CUSTOMER_MESSAGES as CUSTOMER_KEYS, MESSAGES as MESSAGE_KEYS, VALIDATION_MESSAGES as VALIDATION_KEYS, type KeyedMessage } from '@resepti/domain';
import { localizeMessage } from '@resepti/domain/locales';

type Finnish<T> = { readonly [K in keyof T]: T[K] extends (...args: infer A) => unknown ? (...args: A) => string : string };

function finnish<T extends Record<string, string | ((...args: never[]) => string | KeyedMessage)>>(messages: T): Finnish<T> {
  return Object.fromEntries(
    Object.entries(messages).map(([name, m]) => [name, typeof m === 'function' ? (...args: never[]) => localizeMessage(m(...args), 'fi') : localizeMessage(m, 'fi')]),
  ) as Finnish<T>;
}

export const MESSAGES = finnish(MESSAGE_KEYS);
export const VALIDATION_MESSAGES = finnish(VALIDATION_KEYS);
export const CUSTOMER_MESSAGES = finnish(CUSTOMER_KEYS);
