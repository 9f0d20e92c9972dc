/** The hero stage: headline, description, an optional button and, on the homepage, the arrow down to the services. */
import type { StageContent } from '../content/schemas/stage.ts';
import type { UiTexts } from '../content/types.ts';
import { Icon } from '../layout/icon.tsx';
import { SmartLink } from '../layout/smart-link.tsx';

/** The id of the section the stage's arrow scrolls to. */
export const SERVICES_SECTION_ID = 'services';

function scrollToServices(event: React.MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(SERVICES_SECTION_ID);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({
    behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
  });
  target.focus({ preventScroll: true });
}

/** The words of a stage: eyebrow, the page's one h1, description and button. */
export function StageCopy({
  eyebrow,
  headline,
  description,
  button,
}: {
  eyebrow?: string | undefined;
  headline: string;
  description?: string | undefined;
  button?: StageContent['button'];
}) {
  return (
    <>
      {eyebrow ? <p className="eyebrow eyebrow--light">{eyebrow}</p> : null}
      <h1 className="stage__headline">{headline}</h1>
      {description ? <p className="stage__description">{description}</p> : null}
      {button ? (
        <SmartLink to={button.link_url} className="button button--accent stage__button">
          {button.text}
        </SmartLink>
      ) : null}
    </>
  );
}

export function Stage({ content, ui, withArrow = false }: { content: StageContent; ui: UiTexts; withArrow?: boolean }) {
  return (
    <section className={`stage${withArrow ? ' stage--hero' : ''}`}>
      <div className="stage__inner">
        <StageCopy {...content} />
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
