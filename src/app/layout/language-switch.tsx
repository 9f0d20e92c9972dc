/**
 * The language menu: the page's languages as upper-case codes, each a real link to that
 * language's own address of the page, so it works without JavaScript and crawlers follow it.
 * A disclosure (details/summary) opens it without script; the script closes it on Escape,
 * on leaving it and after a choice.
 */
import { useRef } from 'react';
import { type Language, languageCookie } from '../i18n/language.ts';
import { languageAddress } from '../i18n/language-address.ts';
import type { Translation } from '../i18n/translate-path.ts';
import { withoutToken } from '../match-page.ts';
import { pushDataLayer } from '../tracking/data-layer.ts';
import { Icon } from './icon.tsx';
import { PageLink } from './smart-link.tsx';
import { useEscape } from './use-escape.ts';

interface LanguageSwitchProps {
  language: Language;
  translations: Translation[];
  label: string;
  names: Record<Language, string>;
}

export function LanguageSwitch({ language, translations, label, names }: LanguageSwitchProps) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const close = () => {
    if (detailsRef.current) detailsRef.current.open = false;
  };

  useEscape(true, () => {
    if (!detailsRef.current?.open) return;
    close();
    detailsRef.current.querySelector('summary')?.focus();
  });

  if (translations.length < 2) return null;

  function choose(target: Translation, address: string) {
    close();
    // Remembered before the navigation, so the shared pages visited next follow the choice.
    document.cookie = languageCookie(target.language);
    // The switch's own meta event; the page it leads to sends its page meta as every page does.
    pushDataLayer({
      event: 'meta',
      trigger: 'language_switch',
      language: target.language,
      page_path: withoutToken(address),
    });
  }

  return (
    <details
      ref={detailsRef}
      className="language-switch"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      {/* The name begins with the visible code (WCAG 2.5.3), then says what the control does. */}
      <summary className="language-switch__toggle">
        <Icon name="globe" size={18} />
        <span>{language.toUpperCase()}</span>
        <span className="visually-hidden">{` – ${names[language]}. ${label}`}</span>
        <Icon name="chevron" size={16} className="language-switch__chevron" />
      </summary>
      <ul className="language-switch__list">
        {translations.map((translation) => {
          const address = languageAddress(translation.path, translation.language);
          return (
            <li key={translation.language}>
              <PageLink
                to={address}
                className="language-switch__option"
                lang={translation.language}
                hrefLang={translation.language}
                aria-current={translation.language === language ? 'true' : undefined}
                data-language={translation.language}
                onClick={() => choose(translation, address)}
              >
                {translation.language.toUpperCase()}
                <span className="visually-hidden">{` – ${names[translation.language]}`}</span>
              </PageLink>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
