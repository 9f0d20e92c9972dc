/**
 * The hero that opens a page, in the variant its page kind is given (hero-variants.ts): eyebrow,
 * the page's one h1, description, facts, calls to action, the homepage's proof row and an
 * illustration or cover.
 */
import type { ReactNode } from 'react';
import type { StageContent } from '../content/schemas/stage.ts';
import type { UiTexts } from '../content/types.ts';
import type { HeroVariant } from '../hero-variants.ts';
import { CertificateBadge } from '../images/certificate-badge.tsx';
import { Icon } from '../layout/icon.tsx';
import { SmartLink } from '../layout/smart-link.tsx';
import { ContentImage } from './content-image.tsx';

/** The id of the section the stage's arrow scrolls to. */
export const SERVICES_SECTION_ID = 'services';

/** How wide the visual is shown beside the words: half the content width from 900 px on, the full width below. */
const VISUAL_SIZES = '(min-width: 900px) 560px, 100vw';

function scrollToServices(event: React.MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(SERVICES_SECTION_ID);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({
    behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
  });
  target.focus({ preventScroll: true });
}

export interface StageProps {
  content: StageContent;
  variant: HeroVariant;
  ui: UiTexts;
  /** The homepage's arrow down to its services. */
  withArrow?: boolean;
  /** Above the eyebrow: an article's way back to its overview. */
  before?: ReactNode;
  /** An article's or event's facts (type, date, place), set as one line under the description. */
  meta?: readonly string[];
  /** A visual the page brings when its stage file has none: an article's or event's cover. */
  cover?: ReactNode;
  /** A call to action the page brings when its stage file has none (an event article's event page). */
  action?: ReactNode;
}

export function Stage({ content, variant, ui, withArrow = false, before, meta, cover, action }: StageProps) {
  const { eyebrow, headline, description, button, secondary_button: secondary, image, proof } = content;
  const visual = image ? <ContentImage image={image} className="stage__image" eager sizes={VISUAL_SIZES} /> : cover;
  // Utility pages open compact and light: no illustration beside their headline.
  const shown = variant === 'utility' ? null : visual;
  return (
    <section className={`stage stage--${variant}${shown ? ' stage--with-visual' : ''}`} data-hero={variant}>
      <div className="stage__inner">
        <div className="stage__copy">
          {before}
          {eyebrow ? <p className="eyebrow stage__eyebrow">{eyebrow}</p> : null}
          <h1 className="stage__headline">{headline}</h1>
          <div className="stage__body">
            {description ? <p className="stage__description">{description}</p> : null}
            {meta?.length ? (
              <p className="stage__meta">
                {meta.map((fact) => (
                  <span key={fact}>{fact}</span>
                ))}
              </p>
            ) : null}
            {button || secondary || action ? (
              <div className="stage__actions">
                {button ? (
                  <SmartLink to={button.link_url} className="button button--accent stage__button">
                    {button.text}
                  </SmartLink>
                ) : null}
                {secondary ? (
                  <SmartLink to={secondary.link_url} className="button stage__button stage__button--secondary">
                    {secondary.text}
                  </SmartLink>
                ) : null}
                {action}
              </div>
            ) : null}
          </div>
        </div>
        {proof ? (
          <ul className="stage__proof">
            <li className="stage__partner">
              <CertificateBadge alt={ui.certified} size={44} eager />
              {proof.partner}
            </li>
            {proof.facts.map((fact) => (
              <li key={fact.label}>
                <strong>{fact.value}</strong> {fact.label}
              </li>
            ))}
          </ul>
        ) : null}
        {shown ? <div className="stage__visual">{shown}</div> : null}
      </div>
      {withArrow ? (
        <a
          className="stage__arrow"
          href={`#${SERVICES_SECTION_ID}`}
          aria-label={ui.scroll_down}
          onClick={scrollToServices}
        >
          <Icon name="arrowDown" size={28} />
        </a>
      ) : null}
    </section>
  );
}
