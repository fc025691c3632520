/**
 * Suomi / Svenska / English, in the header and the footer of the customer's and the public pages:
 * in the header one menu (a select: it keeps the phone's header to one row), in the footer three
 * buttons, the current one pressed. Each name is written in its own language (and marked with it,
 * for screen readers). A pick is kept in a cookie and, for a signed-in customer, on the account.
 */
import { LANGUAGES, type Language } from '@resepti/domain';
import { chooseLanguage, t, useLanguage } from '../i18n/i18n';

export function LanguageSwitch({ place }: { place: 'header' | 'footer' }) {
  const current = useLanguage(); // renders again when the language changes
  const pick = async (language: Language) => {
    await chooseLanguage(language);
    // A signed-in customer's account keeps the pick too; its code comes with the data layer, not with the landing page.
    await import('../api/account-language').then((m) => m.keepOnAccount(language)).catch(() => undefined);
  };
  if (place === 'header') {
    return (
      <select
        className="language-switch language-switch--header"
        aria-label={t('app.common.language')}
        value={current}
        onChange={(e) => void pick(e.target.value as Language)}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`app.common.languageNames.${language}`)}
          </option>
        ))}
      </select>
    );
  }
  return (
    <div className={`language-switch language-switch--${place}`} role="group" aria-label={t('app.common.language')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="language-switch__option"
          aria-pressed={language === current}
          onClick={() => void pick(language)}
        >
          {t(`app.common.languageNames.${language}`)}
        </button>
      ))}
    </div>
  );
}
