/** Every language's catalog at once, for the API (the web loads Swedish and English lazily). */
import en from './en.json' with { type: 'json' };
import sv from './sv.json' with { type: 'json' };
import { addCatalog } from '../i18n.js';

addCatalog('sv', sv);
addCatalog('en', en);

export { t, tObject, localizeMessage, isTextKey, type TextKey, type TextParams, type KeyedMessage } from '../i18n.js';
