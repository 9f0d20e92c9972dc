/** The language dropdown: the page's languages as upper-case codes; choosing one switches to its translation. */
import { useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { languageCookie, type Language } from '../i18n/language.ts';
import type { Translation } from '../i18n/translate-path.ts';
import { pushDataLayer } from '../tracking.ts';
import { Icon } from './icon.tsx';
import { useEscape } from './use-escape.ts';
import { LANGUAGE_REFRESH_DELAY_MS } from './timing.ts';

interface LanguageSwitchProps {
  language: Language;
  translations: Translation[];
  label: string;
  names: Record<Language, string>;
}

export function LanguageSwitch({ language, translations, label, names }: LanguageSwitchProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();

  useEscape(open, () => {
    setOpen(false);
    toggleRef.current?.focus();
  });

  if (translations.length < 2) return null;

  async function choose(target: Translation) {
    setOpen(false);
    document.cookie = languageCookie(target.language);
    pushDataLayer({ event: 'meta', language: target.language, page_path: target.path });
    const samePath = target.path === pathname;
    await navigate(target.path);
    // A shared path keeps its URL: its content is fetched again in the new language.
    if (samePath) setTimeout(() => void revalidator.revalidate(), LANGUAGE_REFRESH_DELAY_MS);
  }

  return (
    <div
      className="language-switch"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="language-switch__toggle"
        aria-expanded={open}
        aria-controls={listId}
        // The name begins with the visible code (WCAG 2.5.3), then says what the button does.
        aria-label={`${language.toUpperCase()} – ${names[language]}. ${label}`}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="globe" size={18} />
        <span>{language.toUpperCase()}</span>
        <Icon name="chevron" size={16} className="language-switch__chevron" />
      </button>
      <ul id={listId} className="language-switch__list" hidden={!open}>
        {translations.map((translation) => (
          <li key={translation.language}>
            <button
              type="button"
              className="language-switch__option"
              lang={translation.language}
              aria-current={translation.language === language ? 'true' : undefined}
              aria-label={names[translation.language]}
              data-language={translation.language}
              onClick={() => void choose(translation)}
            >
              {translation.language.toUpperCase()}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
