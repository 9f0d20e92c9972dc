/** The services teaser: a card per service, linking to its page. */
import { SmartLink } from '../layout/smart-link.tsx';
import { SERVICES_SECTION_ID } from './stage.tsx';

export interface ServicesContent {
  headline: string;
  text?: string;
  items: { title: string; text: string; link_url: string; link_text: string }[];
}

export function Services({ content }: { content: ServicesContent }) {
  return (
    <section id={SERVICES_SECTION_ID} className="services section section--tinted" tabIndex={-1} aria-labelledby={`${SERVICES_SECTION_ID}-headline`}>
      <div className="section__inner">
        <h2 id={`${SERVICES_SECTION_ID}-headline`} className="section__headline">
          {content.headline}
        </h2>
        {content.text ? <p className="section__lead">{content.text}</p> : null}
        <ul className="services__grid">
          {content.items.map((item) => (
            <li key={item.link_url} className="services__card">
              <h3 className="services__title">{item.title}</h3>
              <p className="services__text">{item.text}</p>
              <SmartLink to={item.link_url} className="services__link">
                {item.link_text}
              </SmartLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
