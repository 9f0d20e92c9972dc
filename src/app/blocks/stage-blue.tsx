/** The product stage of technology pages: eyebrow, headline and description beside an illustration. */
import type { StageBlueContent } from '../content/schemas/stage-blue.ts';
import { SmartLink } from '../layout/smart-link.tsx';
import { ContentImage } from './content-image.tsx';

export function StageBlue({ content }: { content: StageBlueContent }) {
  return (
    <section className={`stage stage--blue${content.image ? ' stage--with-image' : ''}`}>
      <div className="stage__inner stage-blue__inner">
        <div className="stage-blue__text">
          {content.eyebrow ? <p className="eyebrow eyebrow--light">{content.eyebrow}</p> : null}
          <h1 className="stage__headline">{content.headline}</h1>
          <p className="stage__description">{content.description}</p>
          {content.button ? (
            <SmartLink to={content.button.link_url} className="button button--accent stage__button">
              {content.button.text}
            </SmartLink>
          ) : null}
        </div>
        {content.image ? <ContentImage image={content.image} className="stage-blue__image" eager /> : null}
      </div>
    </section>
  );
}
