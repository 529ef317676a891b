import { useId } from 'react';
import { changeLocale, useLocale, type Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import * as s from './shell.css.ts';

/** The languages in the order of spec §2, each named in its own language (and marked so: WCAG 3.1.2). */
const LANGUAGES: readonly { locale: Locale; name: () => string }[] = [
  { locale: 'nl', name: m.shell_languageNl },
  { locale: 'fr', name: m.shell_languageFr },
];

export function LanguageSwitcher() {
  const current = useLocale();
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className={s.languages}>
      <span id={labelId} className={s.languagesLabel}>
        {m.shell_languageSwitcher()}
      </span>
      {LANGUAGES.map(({ locale, name }) => (
        <button key={locale} type="button" lang={locale} className={s.languageButton} aria-pressed={locale === current} onClick={() => changeLocale(locale)}>
          {name()}
        </button>
      ))}
    </div>
  );
}
