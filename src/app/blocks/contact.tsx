/** The contact teaser at the end of a page: a headline, a sentence and the way to the form. */
import type { ContactContent } from '../content/schemas/contact.ts';
import { SmartLink } from '../layout/smart-link.tsx';
import { Paragraphs } from './paragraphs.tsx';

export function Contact({ content }: { content: ContactContent }) {
  return (
    <section className="contact-teaser section section--dark">
      <div className="section__inner contact-teaser__inner">
        <h2 className="section__headline">{content.headline}</h2>
        <Paragraphs text={content.text} className="section__lead" />
        <SmartLink to={content.button.link_url} className="button button--accent">
          {content.button.text}
        </SmartLink>
      </div>
    </section>
  );
}
