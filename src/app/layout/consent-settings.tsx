/**
 * The site's own cookie settings: opened by the footer's Cookies button, it lists the
 * cookies the site sets. A consent manager, once one is configured, answers the same event.
 */
import { useEffect, useId, useRef } from 'react';
import { CONSENT_SETTINGS_EVENT } from '../consent.ts';
import type { ConsentTexts } from '../content/types.ts';
import { Icon } from './icon.tsx';

export function ConsentSettings({ texts }: { texts: ConsentTexts }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const open = () => dialogRef.current?.showModal();
    window.addEventListener(CONSENT_SETTINGS_EVENT, open);
    return () => window.removeEventListener(CONSENT_SETTINGS_EVENT, open);
  }, []);

  return (
    <dialog ref={dialogRef} className="consent-settings" aria-labelledby={titleId}>
      <div className="consent-settings__header">
        <h2 id={titleId} className="consent-settings__title">
          {texts.title}
        </h2>
        <button type="button" className="icon-button consent-settings__close" aria-label={texts.close} onClick={() => dialogRef.current?.close()}>
          <Icon name="close" />
        </button>
      </div>
      <p>{texts.intro}</p>
      <h3 className="consent-settings__subtitle">{texts.necessary_title}</h3>
      <p>{texts.necessary_text}</p>
      <table className="consent-settings__table">
        <thead>
          <tr>
            <th scope="col">{texts.name_label}</th>
            <th scope="col">{texts.purpose_label}</th>
            <th scope="col">{texts.duration_label}</th>
          </tr>
        </thead>
        <tbody>
          {texts.cookies.map((cookie) => (
            <tr key={cookie.name}>
              <td>
                <code>{cookie.name}</code>
              </td>
              <td>{cookie.purpose}</td>
              <td>{cookie.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="dialog" className="consent-settings__actions">
        <button type="submit" className="button button--primary">
          {texts.close}
        </button>
      </form>
    </dialog>
  );
}
