/** The career pages' blocks: the list of open positions and the sections of one job. */

import { useSearchParams } from 'react-router';
import {
  filterPositions,
  type JobFilterChoice,
  type JobFilterOptions,
  jobFilterChoice,
  jobFilterOptions,
  jobFilterSearch,
} from '../careers/job-filters.ts';
import { jobPosting } from '../careers/job-posting.ts';
import { jobTermItems } from '../careers/job-terms.ts';
import type { CareerLabels, JobsContent, JobsTalk, Position } from '../content/schemas/career.ts';
import { mailtoHref } from '../email/mailto.ts';
import { useEnvironment } from '../environment.tsx';
import { type FormatTexts, fill, formatDate } from '../i18n/format.ts';
import type { Language } from '../i18n/language.ts';
import { formatWholeNumber } from '../i18n/number-format.ts';
import { useFormatTexts } from '../i18n/use-format-texts.ts';
import { Icon } from '../layout/icon.tsx';
import { PageLink, SmartLink } from '../layout/smart-link.tsx';
import { careerPath } from '../paths.ts';
import { Portrait } from '../people/portrait.tsx';
import { JsonLd } from '../seo/json-ld.tsx';
import { BlockSection } from './block-section.tsx';
import { cardGridClass } from './card-grid.ts';
import { Paragraphs } from './paragraphs.tsx';

export function salaryText(position: Position, labels: CareerLabels, texts: FormatTexts): string | null {
  const salary = position.generic.salary;
  if (!salary) return null;
  return fill(labels.salary, { min: formatWholeNumber(salary.min, texts), max: formatWholeNumber(salary.max, texts) });
}

function JobFacts({ position, labels }: { position: Position; labels: CareerLabels }) {
  const { generic } = position;
  const texts = useFormatTexts();
  const salary = salaryText(position, labels, texts);
  return (
    <dl className="job-facts">
      <div className="job-facts__item">
        <dt>{labels.department}</dt>
        <dd>{generic.department}</dd>
      </div>
      <div className="job-facts__item">
        <dt>{labels.location}</dt>
        <dd>
          {generic.offices.map((office) => office.city).join(', ')}
          {generic.remote_country ? ` · ${labels.remote}` : ''}
        </dd>
      </div>
      <div className="job-facts__item">
        <dt>{labels.schedule}</dt>
        <dd>{generic.schedule}</dd>
      </div>
      {salary ? (
        <div className="job-facts__item">
          <dt>{labels.salary_label}</dt>
          <dd>{salary}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function JobCard({ position, labels, language }: { position: Position; labels: CareerLabels; language: Language }) {
  const path = careerPath(language, position.generic.folder);
  const dates = useFormatTexts();
  return (
    <li className="card card--link job-card">
      <h3 className="card__title job-card__title">
        <SmartLink to={path} className="card__link">
          {position.generic.title}
        </SmartLink>
      </h3>
      <p className="card__text job-card__teaser">{position.generic.teaser}</p>
      <JobFacts position={position} labels={labels} />
      <p className="job-card__posted">
        {fill(labels.posted, { date: formatDate(position.generic.date_posted, dates) })}
      </p>
    </li>
  );
}

/** The chips of one filter: "all", then each value, the chosen one marked as current. */
function FilterGroup({
  label,
  all,
  values,
  chosen,
  linkTo,
}: {
  label: string;
  all: string;
  values: readonly string[];
  chosen: string | null;
  linkTo: (value: string | null) => string;
}) {
  return (
    <fieldset className="job-filters__group">
      <legend className="job-filters__label">{label}</legend>
      <ul className="job-filters__chips">
        {[null, ...values].map((value) => (
          <li key={value ?? ''}>
            <PageLink
              to={linkTo(value)}
              preventScrollReset
              className="job-filters__chip"
              aria-current={value === chosen ? 'true' : undefined}
            >
              {value ?? all}
            </PageLink>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Department and location chips over a long list; each is a link, so a filtered list has an address and needs no script. */
function JobFilters({
  options,
  choice,
  shown,
  total,
  labels,
  language,
}: {
  options: JobFilterOptions;
  choice: JobFilterChoice;
  shown: number;
  total: number;
  labels: CareerLabels;
  language: Language;
}) {
  const linkTo = (next: JobFilterChoice) => `${careerPath(language)}${jobFilterSearch(next)}#jobs`;
  const filtered = choice.department !== null || choice.location !== null;
  return (
    <nav className="job-filters" aria-label={labels.filter_headline}>
      <FilterGroup
        label={labels.department}
        all={labels.all_departments}
        values={options.departments}
        chosen={choice.department}
        linkTo={(department) => linkTo({ ...choice, department })}
      />
      <FilterGroup
        label={labels.location}
        all={labels.all_locations}
        values={options.locations}
        chosen={choice.location}
        linkTo={(location) => linkTo({ ...choice, location })}
      />
      <p className="job-filters__count" role="status">
        {filtered ? fill(labels.filtered, { count: shown, total }) : null}
      </p>
    </nav>
  );
}

/**
 * The card that closes the list: a named person with their portrait, and a button that says whom it reaches. Like
 * every card with one link, the whole card is that button's to press (pages.css).
 */
function TalkCard({ talk }: { talk: JobsTalk }) {
  return (
    <li className="card card--link jobs-talk">
      <h3 className="card__title jobs-talk__headline">{talk.headline}</h3>
      <p className="card__text">{talk.text}</p>
      <div className="jobs-talk__person">
        <Portrait name={talk.name} size={64} />
        <p className="jobs-talk__who">
          <strong>{talk.name}</strong>
          <span>{talk.role}</span>
        </p>
      </div>
      <SmartLink to={talk.button.link_url} className="button button--primary jobs-talk__button">
        {talk.button.text}
      </SmartLink>
    </li>
  );
}

/**
 * Every open position, each card a link as a whole, and the card to talk to someone before applying
 * at the end. Past JOB_FILTER_THRESHOLD positions, chips filter them by department and location.
 */
export function Jobs({
  content,
  positions,
  labels,
  language,
}: {
  content: JobsContent;
  positions: readonly Position[];
  labels: CareerLabels;
  language: Language;
}) {
  const [search] = useSearchParams();
  const options = jobFilterOptions(positions);
  const choice = jobFilterChoice(search, options);
  const shown = filterPositions(positions, choice);
  const cards = shown.length + (content.talk ? 1 : 0);
  return (
    <BlockSection block="jobs" id="jobs" headline={content.headline} text={content.text}>
      {positions.length === 0 ? <p className="jobs__empty">{labels.no_positions}</p> : null}
      {options ? (
        <JobFilters
          options={options}
          choice={choice}
          shown={shown.length}
          total={positions.length}
          labels={labels}
          language={language}
        />
      ) : null}
      {positions.length > 0 && shown.length === 0 ? (
        <p className="jobs__empty">
          {labels.no_match}{' '}
          <PageLink to={`${careerPath(language)}#jobs`} preventScrollReset className="text-link">
            {fill(labels.show_jobs, { count: positions.length })}
          </PageLink>
        </p>
      ) : null}
      {cards > 0 ? (
        <ul className={cardGridClass(cards, 'jobs__list', 2)}>
          {shown.map((position) => (
            <JobCard key={position.generic.folder} position={position} labels={labels} language={language} />
          ))}
          {content.talk ? <TalkCard talk={content.talk} /> : null}
        </ul>
      ) : null}
    </BlockSection>
  );
}

/** Start, hours, contract, travel, holiday, deadline and process: what an applicant checks before applying. */
function JobTermsList({ position, labels }: { position: Position; labels: CareerLabels }) {
  const texts = useFormatTexts();
  const { terms } = position.generic;
  if (!terms) return null;
  return (
    <section className="job-terms" aria-labelledby="job-terms-headline">
      <h2 className="job-terms__headline" id="job-terms-headline">
        {labels.terms_headline}
      </h2>
      <dl className="job-facts job-facts--terms">
        {jobTermItems(terms, labels, texts).map((item) => (
          <div className="job-facts__item" key={item.label}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function JobDescription({
  content,
  position,
  labels,
  language,
}: {
  content: Position['description'];
  position: Position;
  labels: CareerLabels;
  language: Language;
}) {
  const { siteUrl } = useEnvironment();
  return (
    <BlockSection
      block="job-description"
      innerClassName="job__inner"
      before={
        <JsonLd
          data={jobPosting(position, { siteUrl, path: careerPath(language, position.generic.folder), language })}
        />
      }
    >
      <JobFacts position={position} labels={labels} />
      <JobTermsList position={position} labels={labels} />
      <h2 className="section__headline">{content.headline}</h2>
      <Paragraphs text={content.text} className="intro__text" />
      <p className="job-description__inclusion">{labels.inclusion}</p>
    </BlockSection>
  );
}

export function JobRequirements({ content }: { content: Position['requirements'] }) {
  return (
    <BlockSection block="job-requirements" innerClassName="job__inner" headline={content.headline}>
      <ul className="check-list">
        {content.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </BlockSection>
  );
}

export function CoffeeChat({ content }: { content: Position['coffee_chat'] }) {
  return (
    <BlockSection block="coffee-chat" innerClassName="coffee-chat__inner">
      <span className="card__icon">
        <Icon name="users" />
      </span>
      <div>
        <h2 className="section__headline">{content.headline}</h2>
        <p className="section__lead">{content.text}</p>
        <p className="coffee-chat__person">
          <strong>{content.name}</strong>, {content.role}
        </p>
        {content.email ? (
          <a className="button button--primary" href={mailtoHref(content.email)}>
            {content.email}
          </a>
        ) : null}
      </div>
    </BlockSection>
  );
}

export function RelatedJobs({
  related,
  labels,
  language,
}: {
  related: readonly Position[];
  labels: CareerLabels;
  language: Language;
}) {
  return (
    <BlockSection block="related-jobs" headline={labels.related_headline}>
      <ul className={cardGridClass(related.length, 'jobs__list')}>
        {related.map((position) => (
          <JobCard key={position.generic.folder} position={position} labels={labels} language={language} />
        ))}
      </ul>
      <SmartLink to={careerPath(language)} className="text-link">
        {labels.back_to_overview}
      </SmartLink>
    </BlockSection>
  );
}
