/** An introduction: eyebrow and headline, beside its paragraphs on wide screens. */
import type { IntroContent } from '../content/schemas/intro.ts';
import { BlockSection } from './block-section.tsx';
import { Paragraphs } from './paragraphs.tsx';

/** block names the section for its own styles; an intro's layout serves any block of eyebrow, headline and text. */
export function Intro({ content, block = 'intro' }: { content: IntroContent; block?: string }) {
  return (
    <BlockSection block={block} innerClassName="intro__inner">
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
