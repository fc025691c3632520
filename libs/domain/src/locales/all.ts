/** The one t() started on i18next with every language's catalog at once, for the API (the web loads Swedish and English lazily). */
import i18next from 'i18next';
import en from './en.json' with { type: 'json' };
import sv from './sv.json' with { type: 'json' };
import { addCatalog, FINNISH_CATALOG, startI18n } from '../i18n.js';

startI18n(i18next, FINNISH_CATALOG);
addCatalog('sv', sv);
addCatalog('en', en);

export { t, tObject, localizeMessage, isTextKey, type TextKey, type TextParams, type KeyedMessage } from '../i18n.js';
