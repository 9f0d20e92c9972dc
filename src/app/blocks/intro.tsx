/** An introduction: eyebrow and headline, beside its paragraphs on wide screens. */
import type { IntroContent } from '../content/schemas/intro.ts';
import { BlockSection } from './block-section.tsx';
import { Paragraphs } from './paragraphs.tsx';

export function Intro({ content }: { content: IntroContent }) {
  return (
    <BlockSection block="intro" innerClassName="intro__inner">
      <div className="intro__heading">
        {content.eyebrow ? <p className="eyebrow">{content.eyebrow}</p> : null}
        <h2 className="section__headline">{content.headline}</h2>
      </div>
      <div className="intro__text">
        <Paragraphs text={content.text} />
      </div>
    </BlockSection>
  );
}
