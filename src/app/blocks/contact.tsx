/** The contact teaser at the end of a page: a headline, a sentence and the way to the form. */
import type { ContactContent } from '../content/schemas/contact.ts';
import { SmartLink } from '../layout/smart-link.tsx';
import { BlockSection } from './block-section.tsx';
import { Paragraphs } from './paragraphs.tsx';

export function Contact({ content }: { content: ContactContent }) {
  return (
    <BlockSection block="contact-teaser" tone="dark" innerClassName="contact-teaser__inner" headline={content.headline}>
      <Paragraphs text={content.text} className="section__lead" />
      <SmartLink to={content.button.link_url} className="button button--accent">
        {content.button.text}
      </SmartLink>
    </BlockSection>
  );
}
