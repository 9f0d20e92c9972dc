/** A legal text: titled sections of paragraphs, lists and label–value facts. */
import type { LegalContent } from '../content/schemas/legal.ts';
import { SmartLink } from '../layout/smart-link.tsx';

export function Legal({ content }: { content: LegalContent }) {
  return (
    <section className="legal section">
      <div className="section__inner legal__inner">
        {content.notice ? (
          <p className="legal__notice" role="note">
            {content.notice}
          </p>
        ) : null}
        {content.updated ? <p className="legal__updated">{content.updated}</p> : null}
        {content.sections.map((section) => (
          <section key={section.headline} className="legal__section">
            <h2 className="legal__headline">{section.headline}</h2>
            {section.paragraphs?.map((text) => <p key={text}>{text}</p>)}
            {section.list ? (
              <ul className="legal__list">
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
            {section.facts ? (
              <dl className="legal__facts">
                {section.facts.map((fact) => (
                  <div key={fact.label} className="legal__fact">
                    <dt>{fact.label}</dt>
                    <dd>{fact.link_url ? <SmartLink to={fact.link_url}>{fact.value}</SmartLink> : fact.value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </section>
        ))}
      </div>
    </section>
  );
}
