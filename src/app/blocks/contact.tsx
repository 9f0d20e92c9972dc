/** The contact teaser: a headline, a sentence and the way to the contact page. */
import { SmartLink } from '../layout/smart-link.tsx';

export interface ContactContent {
  headline: string;
  text: string;
  button: { text: string; link_url: string };
}

export function Contact({ content }: { content: ContactContent }) {
  return (
    <section className="contact-teaser section">
      <div className="section__inner contact-teaser__inner">
        <h2 className="section__headline">{content.headline}</h2>
        <p className="section__lead">{content.text}</p>
        <SmartLink to={content.button.link_url} className="button button--primary">
          {content.button.text}
        </SmartLink>
      </div>
    </section>
  );
}
