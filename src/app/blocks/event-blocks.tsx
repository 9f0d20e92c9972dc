/** The events pages' blocks: upcoming and past editions, one edition's details, its speakers and interviews. */
import { useLocation, useSearchParams } from 'react-router';
import type {
  EventLabels,
  EventsContent,
  InterviewsContent,
  SpeakersContent,
  Venue,
} from '../content/schemas/events.ts';
import type { StageContent } from '../content/schemas/stage.ts';
import type { UiTexts } from '../content/types.ts';
import { useEnvironment } from '../environment.tsx';
import { EventMap } from '../events/event-map.tsx';
import { eventSchema } from '../events/event-schema.ts';
import { type EditionSummary, mapLink } from '../events/model.ts';
import type { EventPageData } from '../events/page-data.ts';
import { REGISTRATION_FORM_ID } from '../forms/form-anchors.ts';
import { berlinClock } from '../i18n/berlin-calendar.ts';
import { berlinTime } from '../i18n/berlin-time.ts';
import { type FormatTexts, formatDate } from '../i18n/format.ts';
import type { Language } from '../i18n/language.ts';
import { useFormatTexts } from '../i18n/use-format-texts.ts';
import { SmartLink } from '../layout/smart-link.tsx';
import { REGISTRATION_PARAM } from '../paths.ts';
import { Portrait } from '../people/portrait.tsx';
import { JsonLd } from '../seo/json-ld.tsx';
import { ArrowLabel } from './arrow-label.tsx';
import { BlockSection } from './block-section.tsx';
import { cardGridClass } from './card-grid.ts';
import { ContentImage } from './content-image.tsx';
import { Paragraphs } from './paragraphs.tsx';
import { Stage } from './stage.tsx';

/** 11:30 in Berlin, as both languages write it. */
export function formatTime(iso: string): string {
  return berlinClock(new Date(iso));
}

/** 4 May 2027, or 4–5 May 2027 when an edition spans days. */
export function formatDays(start: string, end: string, dates: FormatTexts): string {
  const first = formatDate(start, dates);
  const last = formatDate(end, dates);
  return first === last ? first : `${first} – ${last}`;
}

/**
 * An event page's hero: its headline with the edition's date, time and place, the event's
 * illustration as cover, and, while the edition takes registrations, the button to the form.
 */
export function EventStage({ content, event, ui }: { content: StageContent; event: EventPageData; ui: UiTexts }) {
  const dates = useFormatTexts();
  const { edition, labels, information } = event;
  const meta = [
    formatDays(edition.start, edition.end, dates),
    `${formatTime(edition.start)} – ${formatTime(edition.end)}`,
    edition.online ? labels.online : edition.city,
  ];
  const cover = information.image ? (
    <ContentImage image={information.image} className="stage__image" eager sizes="(min-width: 900px) 480px, 100vw" />
  ) : null;
  const register =
    !event.past && edition.registration ? (
      <a href={`#${REGISTRATION_FORM_ID}`} className="button button--accent stage__button">
        {labels.register}
      </a>
    ) : null;
  return <Stage content={content} variant="article" ui={ui} meta={meta} cover={cover} action={register} />;
}

/** The day an edition starts, large, over its month: what a reader scans a list of events by. The card says the full date in words. */
function DateTile({ start, months }: { start: string; months: readonly string[] }) {
  const { day, month } = berlinTime(new Date(start));
  return (
    <span className="event-card__tile" aria-hidden="true">
      <span className="event-card__day">{day}</span>
      <span className="event-card__month">{months[month - 1]}</span>
    </span>
  );
}

function EditionCard({ edition, labels }: { edition: EditionSummary; labels: EventLabels }) {
  const dates = useFormatTexts();
  return (
    <li className={`card card--link event-card${edition.past ? ' event-card--past' : ''}`}>
      <div className="event-card__head">
        <DateTile start={edition.start} months={labels.months_short} />
        <p className="event-card__meta">
          <span className="event-card__city">{edition.online ? labels.online : edition.city}</span>
          <time dateTime={edition.start}>{formatDays(edition.start, edition.end, dates)}</time>
        </p>
      </div>
      <h3 className="card__title event-card__title">
        <SmartLink to={edition.path} className="card__link">
          {edition.title}
        </SmartLink>
      </h3>
      <p className="card__text event-card__teaser">{edition.teaser}</p>
    </li>
  );
}

export function EventsList({
  content,
  upcoming,
  past,
  labels,
}: {
  content: EventsContent;
  upcoming: readonly EditionSummary[];
  past: readonly EditionSummary[];
  labels: EventLabels;
}) {
  return (
    <>
      <BlockSection block="events" aria-labelledby="upcoming-events">
        <RegistrationOutcome labels={labels} />
        <h2 id="upcoming-events" className="section__headline">
          {content.upcoming_headline}
        </h2>
        {content.upcoming_text ? <p className="section__lead">{content.upcoming_text}</p> : null}
        {upcoming.length === 0 ? (
          <p>{content.no_upcoming}</p>
        ) : (
          <ul className={cardGridClass(upcoming.length, 'events__list')}>
            {upcoming.map((edition) => (
              <EditionCard key={edition.path} edition={edition} labels={labels} />
            ))}
          </ul>
        )}
      </BlockSection>
      {past.length > 0 ? (
        <BlockSection block="events" variant="events--past" aria-labelledby="past-events">
          <h2 id="past-events" className="section__headline">
            {content.past_headline}
          </h2>
          {content.past_text ? <p className="section__lead">{content.past_text}</p> : null}
          <ul className={cardGridClass(past.length, 'events__list')}>
            {past.map((edition) => (
              <EditionCard key={edition.path} edition={edition} labels={labels} />
            ))}
          </ul>
        </BlockSection>
      ) : null}
    </>
  );
}

const REGISTRATION_OUTCOMES = ['confirmed', 'expired', 'invalid'] as const;

function RegistrationOutcome({ labels }: { labels: EventLabels }) {
  const [searchParams] = useSearchParams();
  const outcome = REGISTRATION_OUTCOMES.find((value) => value === searchParams.get(REGISTRATION_PARAM));
  if (!outcome) return null;
  return (
    <p className={`event__outcome event__outcome--${outcome === 'confirmed' ? 'success' : 'warning'}`} role="status">
      {labels.registration[outcome]}
    </p>
  );
}

function Location({ venue, labels, language }: { venue: Venue; labels: EventLabels; language: Language }) {
  return (
    <div className="event__location">
      <h3 className="card__title">{labels.location_headline}</h3>
      <address className="event__address">
        {venue.name}
        <br />
        {venue.street}
        <br />
        {venue.postal_code} {venue.city}
      </address>
      {venue.directions ? <p>{venue.directions}</p> : null}
      <a className="text-link" href={mapLink(venue)} target="_blank" rel="noopener noreferrer">
        {labels.open_in_map}
      </a>
      <EventMap venue={venue} labels={labels} language={language} />
    </div>
  );
}

export function Information({
  event,
  language,
  image,
  speakers,
}: {
  event: EventPageData;
  language: Language;
  image: string;
  speakers?: SpeakersContent | undefined;
}) {
  const { information, edition, labels, past, others } = event;
  const { siteUrl } = useEnvironment();
  const { pathname } = useLocation();
  const dates = useFormatTexts();
  return (
    <BlockSection
      block="event"
      aria-labelledby="event-edition"
      innerClassName="event__inner"
      before={<JsonLd data={eventSchema(event, { siteUrl, path: pathname, language, image, speakers })} />}
    >
      <RegistrationOutcome labels={labels} />
      {/* The facts first: on a phone they are what follows the hero; on wide screens they stand beside the text. */}
      <dl className="event__facts">
        <div>
          <dt>{labels.date}</dt>
          <dd>
            <time dateTime={edition.start}>{formatDays(edition.start, edition.end, dates)}</time>
          </dd>
        </div>
        <div>
          <dt>{labels.time}</dt>
          <dd>
            {formatTime(edition.start)} – {formatTime(edition.end)}
          </dd>
        </div>
        <div>
          <dt>{labels.place}</dt>
          <dd>{edition.online ? labels.online : edition.city}</dd>
        </div>
        <div>
          <dt>{labels.format}</dt>
          <dd>{information.format}</dd>
        </div>
        <div>
          <dt>{labels.audience}</dt>
          <dd>{information.audience}</dd>
        </div>
        <div>
          <dt>{labels.language}</dt>
          <dd>{information.language}</dd>
        </div>
        {edition.price ? (
          <div>
            <dt>{labels.price}</dt>
            <dd>{edition.price}</dd>
          </div>
        ) : null}
      </dl>
      <div className="event__main">
        <p className="eyebrow">{information.name}</p>
        <h2 id="event-edition" className="section__headline">
          {edition.title}
        </h2>
        {past ? (
          <p className="event__past" role="note">
            {labels.past_note}
          </p>
        ) : null}
        <p className="section__lead">{edition.teaser}</p>
        <Paragraphs text={information.text} className="intro__text" />
        {edition.insight ? (
          <SmartLink to={edition.insight} className="text-link">
            <ArrowLabel text={labels.report} />
          </SmartLink>
        ) : null}
        {!past && !edition.registration ? <p className="event__closed">{labels.registration_closed}</p> : null}
      </div>
      {edition.agenda ? (
        <div className="event__agenda">
          <h3 className="card__title">{labels.agenda_headline}</h3>
          <ol className="agenda">
            {edition.agenda.map((item) => (
              <li key={`${item.time}-${item.title}`} className="agenda__item">
                <span className="agenda__time">{item.time}</span>
                <div>
                  <p className="agenda__title">{item.title}</p>
                  {item.text ? <p className="agenda__text">{item.text}</p> : null}
                  {item.speakers ? <p className="agenda__speakers">{item.speakers.join(', ')}</p> : null}
                </div>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {edition.venue ? <Location venue={edition.venue} labels={labels} language={language} /> : null}
      {others.length > 0 ? (
        <nav className="event__others" aria-label={labels.other_editions}>
          <h3 className="card__title">{labels.other_editions}</h3>
          <ul>
            {others.map((other) => (
              <li key={other.path}>
                <SmartLink to={other.path}>
                  {other.title} ({formatDays(other.start, other.end, dates)})
                </SmartLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </BlockSection>
  );
}

/** The speakers of the edition shown, or all when the edition names none. */
export function Speakers({ content, names }: { content: SpeakersContent; names?: readonly string[] | undefined }) {
  const speakers = names ? content.items.filter((speaker) => names.includes(speaker.name)) : content.items;
  if (speakers.length === 0) return null;
  return (
    <BlockSection block="speakers" headline={content.headline}>
      <ul className={cardGridClass(speakers.length)}>
        {speakers.map((speaker) => (
          <li key={speaker.name} className="card speaker">
            <Portrait name={speaker.name} size={96} className="speaker__portrait" />
            <h3 className="card__title">{speaker.name}</h3>
            <p className="speaker__role">
              {speaker.role}, {speaker.company}
            </p>
            {speaker.topic ? <p className="speaker__topic">{speaker.topic}</p> : null}
            <p className="card__text">{speaker.bio}</p>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}

export function Interviews({ content }: { content: InterviewsContent }) {
  return (
    <BlockSection block="interviews" headline={content.headline}>
      {content.items.map((interview) => (
        <article key={interview.name} className="interview">
          <div className="interview__person">
            <Portrait name={interview.name} size={64} />
            <h3 className="card__title">
              {interview.name}, <span className="interview__role">{interview.role}</span>
            </h3>
          </div>
          <dl className="interview__questions">
            {interview.questions.map((entry) => (
              <div key={entry.question}>
                <dt className="interview__question">{entry.question}</dt>
                <dd>
                  <Paragraphs text={entry.answer} />
                </dd>
              </div>
            ))}
          </dl>
        </article>
      ))}
    </BlockSection>
  );
}
