/**
 * The site's own consent banner. The first layer offers 'Reject all' and 'Accept all' as two
 * equal buttons side by side, and a way to the settings; the second layer (a modal dialog)
 * has one switch per purpose, necessary storage shown as always active. The banner is fixed
 * to the bottom of the window, so the page under it never moves.
 */
import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useConfiguredServices } from '../content/configured-services.ts';
import type { ConsentTexts } from '../content/schemas/consent.ts';
import { textsFor } from '../content/service-conditions.ts';
import { Icon } from '../layout/icon.tsx';
import { type ConsentChoice, type ConsentPurpose, uniformChoice } from './consent-choice.ts';
import { CookieTable } from './cookie-table.tsx';

export type BannerLayer = 'closed' | 'first' | 'second';

interface ConsentBannerProps {
  texts: ConsentTexts;
  layer: Exclude<BannerLayer, 'closed'>;
  /** The purposes asked about, in their order. */
  purposes: readonly ConsentPurpose[];
  /** The answers given so far, which the settings start from. */
  choice: ConsentChoice;
  onDecide(choice: ConsentChoice): void;
  onShowSettings(): void;
  /** The settings closed without a decision. */
  onCloseSettings(): void;
}

export function ConsentBanner({
  texts,
  layer,
  purposes,
  choice,
  onDecide,
  onShowSettings,
  onCloseSettings,
}: ConsentBannerProps) {
  // Once the banner is done, focus goes back to where the visitor was (the Cookies button, say).
  useEffect(() => {
    const before = document.activeElement;
    return () => {
      if (before instanceof HTMLElement && before !== document.body && before.isConnected)
        before.focus({ preventScroll: true });
    };
  }, []);

  const decideAll = (granted: boolean) => onDecide(uniformChoice(purposes, granted));
  return layer === 'first' ? (
    <FirstLayer
      texts={texts}
      onRejectAll={() => decideAll(false)}
      onAcceptAll={() => decideAll(true)}
      onShowSettings={onShowSettings}
    />
  ) : (
    <SettingsDialog
      texts={texts}
      purposes={purposes}
      choice={choice}
      onDecide={onDecide}
      onDecideAll={decideAll}
      onClose={onCloseSettings}
    />
  );
}

interface FirstLayerProps {
  texts: ConsentTexts;
  onRejectAll(): void;
  onAcceptAll(): void;
  onShowSettings(): void;
}

function FirstLayer({ texts, onRejectAll, onAcceptAll, onShowSettings }: FirstLayerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const services = useConfiguredServices();
  const textId = useId();
  // The banner comes last in the page; focus moves to it so keyboard and screen reader users meet it first.
  useEffect(() => ref.current?.focus({ preventScroll: true }), []);
  return (
    <div
      ref={ref}
      className="consent-banner"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      tabIndex={-1}
    >
      <div className="consent-banner__inner">
        <div className="consent-banner__text">
          <h2 id={titleId} className="consent-banner__title">
            {texts.banner_title}
          </h2>
          <p id={textId} className="consent-banner__description">
            {textsFor(texts.banner_text, services).join(' ')}
          </p>
        </div>
        <div className="consent-banner__actions">
          <div className="consent-banner__choices">
            <button
              type="button"
              className="button button--primary consent-choice"
              data-consent="reject"
              onClick={onRejectAll}
            >
              {texts.reject_all}
            </button>
            <button
              type="button"
              className="button button--primary consent-choice"
              data-consent="accept"
              onClick={onAcceptAll}
            >
              {texts.accept_all}
            </button>
          </div>
          <button type="button" className="link-button consent-banner__settings" onClick={onShowSettings}>
            {texts.show_settings}
          </button>
        </div>
      </div>
    </div>
  );
}

interface SettingsDialogProps {
  texts: ConsentTexts;
  purposes: readonly ConsentPurpose[];
  choice: ConsentChoice;
  onDecide(choice: ConsentChoice): void;
  onDecideAll(granted: boolean): void;
  onClose(): void;
}

function SettingsDialog({ texts, purposes, choice, onDecide, onDecideAll, onClose }: SettingsDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const introId = useId();
  const idPrefix = useId();
  // Each switch starts as last decided, and off where nothing was decided.
  const [selected, setSelected] = useState<ConsentChoice>(() => ({ ...uniformChoice(purposes, false), ...choice }));

  // Opened as a modal dialog: the page behind is inert, Tab stays inside, Escape closes.
  useLayoutEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);

  const save = (event: FormEvent) => {
    event.preventDefault();
    onDecide(Object.fromEntries(purposes.map((purpose) => [purpose, selected[purpose] === true])) as ConsentChoice);
  };

  return (
    <dialog
      ref={ref}
      className="consent-settings consent-dialog"
      aria-labelledby={titleId}
      aria-describedby={introId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="consent-settings__header">
        <h2 id={titleId} className="consent-settings__title">
          {texts.settings_title}
        </h2>
        <button
          type="button"
          className="icon-button consent-settings__close"
          aria-label={texts.close}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </div>
      <p id={introId}>{texts.settings_intro}</p>
      <form onSubmit={save}>
        <ul className="consent-purposes">
          <li className="consent-purpose">
            <div className="consent-purpose__head">
              <h3 className="consent-purpose__title">{texts.necessary_title}</h3>
              <span className="consent-purpose__always">{texts.always_on}</span>
            </div>
            <p className="consent-purpose__text">{texts.necessary_text}</p>
            <details className="consent-purpose__details">
              <summary>{texts.stored_items}</summary>
              <CookieTable texts={texts} items={[...texts.cookies, texts.choice_storage]} />
            </details>
          </li>
          {purposes.map((purpose) => (
            <li key={purpose} className="consent-purpose">
              <div className="consent-purpose__head">
                <label className="consent-switch">
                  <input
                    type="checkbox"
                    // biome-ignore lint/a11y/useAriaPropsForRole: a checkbox states its own checked state; ARIA in HTML says not to repeat it in aria-checked
                    role="switch"
                    name={purpose}
                    className="consent-switch__input"
                    checked={selected[purpose] === true}
                    aria-describedby={`${idPrefix}-${purpose}`}
                    onChange={(event) => setSelected({ ...selected, [purpose]: event.target.checked })}
                  />
                  <span className="consent-switch__track" aria-hidden="true" />
                  <span className="consent-purpose__title">{texts.purposes[purpose].title}</span>
                </label>
              </div>
              <p id={`${idPrefix}-${purpose}`} className="consent-purpose__text">
                {texts.purposes[purpose].text}
              </p>
            </li>
          ))}
        </ul>
        <div className="consent-dialog__actions">
          <button
            type="button"
            className="button button--primary consent-choice"
            data-consent="reject"
            onClick={() => onDecideAll(false)}
          >
            {texts.reject_all}
          </button>
          <button type="submit" className="button button--outline consent-choice" data-consent="save">
            {texts.save}
          </button>
          <button
            type="button"
            className="button button--primary consent-choice"
            data-consent="accept"
            onClick={() => onDecideAll(true)}
          >
            {texts.accept_all}
          </button>
        </div>
      </form>
    </dialog>
  );
}
