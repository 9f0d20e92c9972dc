/** The company pages' blocks: the hub's cards, figures, the about-us story, offers and colleagues' voices. */
import type {
  CloserLookContent,
  LeadershipContent,
  NumbersContent,
  OffersContent,
  OverviewContent,
  RecommendationsContent,
  WhatWeDoContent,
  WhoWeAreContent,
} from '../content/schemas/company.ts';
import { Picture } from '../images/picture.tsx';
import { Icon } from '../layout/icon.tsx';
import { SmartLink } from '../layout/smart-link.tsx';
import { Portrait } from '../people/portrait.tsx';
import { ArrowLabel } from './arrow-label.tsx';
import { BlockSection } from './block-section.tsx';
import { cardGridClass } from './card-grid.ts';
import { ContentImage } from './content-image.tsx';
import { Intro } from './intro.tsx';
import { Paragraphs } from './paragraphs.tsx';

export function Numbers({ content }: { content: NumbersContent }) {
  return (
    <BlockSection block="numbers" tone="dark" headline={content.headline} text={content.text}>
      <dl className="numbers__list">
        {content.items.map((item) => (
          <div key={item.label} className="numbers__item">
            <dt className="numbers__label">{item.label}</dt>
            <dd className="numbers__value">{item.value}</dd>
          </div>
        ))}
      </dl>
    </BlockSection>
  );
}

export function WhoWeAre({ content }: { content: WhoWeAreContent }) {
  // Without a picture the story is laid out as the intros are: headline left, text right from 900 px.
  if (!content.image) return <Intro content={content} block="who-we-are" />;
  return (
    <BlockSection block="who-we-are" innerClassName="who-we-are__inner">
      <div className="who-we-are__text">
        {content.eyebrow ? <p className="eyebrow">{content.eyebrow}</p> : null}
        <h2 className="section__headline">{content.headline}</h2>
        <Paragraphs text={content.text} className="intro__text" />
      </div>
      <Picture
        className="who-we-are__image"
        src={content.image.src}
        alt={content.image.alt}
        width={content.image.width}
        height={content.image.height}
        loading="lazy"
      />
    </BlockSection>
  );
}

/**
 * Cards with an icon, a title, a sentence and an optional link: the company hub, what we do and what we offer
 * (which may show a drawing above its cards).
 */
function CardList({
  content,
  className,
}: {
  content: OverviewContent | WhatWeDoContent | OffersContent;
  className: string;
}) {
  return (
    <BlockSection block={className} headline={content.headline} text={content.text}>
      {'image' in content && content.image ? (
        <ContentImage image={content.image} className="offers__visual" sizes="(min-width: 1000px) 880px, 100vw" />
      ) : null}
      <ul className={cardGridClass(content.items.length)}>
        {content.items.map((item) => (
          <li key={item.title} className={item.link_url && item.link_text ? 'card card--link' : 'card'}>
            {item.icon ? (
              <span className="card__icon">
                <Icon name={item.icon} />
              </span>
            ) : null}
            <h3 className="card__title">{item.title}</h3>
            <p className="card__text">{item.text}</p>
            {item.link_url && item.link_text ? (
              <SmartLink to={item.link_url} className="card__link">
                <ArrowLabel text={item.link_text} />
              </SmartLink>
            ) : null}
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}

export const Overview = ({ content }: { content: OverviewContent }) => (
  <CardList content={content} className="overview" />
);
export const WhatWeDo = ({ content }: { content: WhatWeDoContent }) => (
  <CardList content={content} className="what-we-do" />
);
export const Offers = ({ content }: { content: OffersContent }) => <CardList content={content} className="offers" />;

export function CloserLook({ content }: { content: CloserLookContent }) {
  return (
    <BlockSection block="closer-look" headline={content.headline} text={content.text}>
      <div className={cardGridClass(content.items.length, 'closer-look__grid')}>
        {content.items.map((item) => (
          <article key={item.title} className="closer-look__item">
            <h3 className="card__title">{item.title}</h3>
            <Paragraphs text={item.text} className="card__text" />
          </article>
        ))}
      </div>
    </BlockSection>
  );
}

export function Recommendations({ content }: { content: RecommendationsContent }) {
  return (
    <BlockSection block="recommendations" headline={content.headline} text={content.text}>
      <ul className={cardGridClass(content.items.length, 'recommendations__list')}>
        {content.items.map((item) => (
          <li key={item.name}>
            <figure className="quote-card">
              <blockquote className="quote-card__text">
                <p>{item.quote}</p>
              </blockquote>
              <figcaption className="quote-card__caption">
                <Portrait name={item.name} size={64} className="quote-card__portrait" />
                <span className="quote-card__author">{item.name}</span>
                <span className="quote-card__role">{item.since ? `${item.role}, ${item.since}` : item.role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}

export function Leadership({ content }: { content: LeadershipContent }) {
  return (
    <BlockSection block="leadership" headline={content.headline} text={content.text}>
      <ul className={cardGridClass(content.items.length, 'leadership__list')}>
        {content.items.map((person) => (
          <li key={person.name} className="leadership__person">
            <Portrait name={person.name} size={96} />
            <h3 className="card__title leadership__name">{person.name}</h3>
            <p className="leadership__role">{person.role}</p>
            <p className="card__text">{person.text}</p>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
