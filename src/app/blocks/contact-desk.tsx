/**
 * The contact page's form with its desk beside it: the person who answers, with a direct line,
 * what happens after sending, and where other questions go. Everything a visitor needs to
 * decide to write (or call) stands in the first screen.
 */
import type { ContactDeskContent } from '../content/schemas/contact-desk.ts';
import { Portrait } from '../people/portrait.tsx';
import type { PageData } from '../route-data.ts';
import { Formular } from './formular.tsx';

const dialable = (phone: string) => `tel:${phone.replace(/ /g, '')}`;
/** A number read as one: it never breaks across lines. */
const unbroken = (phone: string) => phone.replace(/ /g, '\u00a0');

function Desk({ content }: { content: ContactDeskContent }) {
  const { person, other } = content;
  return (
    <>
      <div className="contact-desk__person">
        <p className="contact-desk__label">{person.label}</p>
        <div className="contact-desk__who">
          <Portrait name={person.name} size={64} />
          <p className="contact-desk__name">
            <strong>{person.name}</strong>
            <span>{person.role}</span>
          </p>
        </div>
        <dl className="contact-desk__lines">
          <div>
            <dt>{person.phone_label}</dt>
            <dd>
              <a href={dialable(person.phone)}>{unbroken(person.phone)}</a>
              <span className="contact-desk__hours">{person.hours}</span>
            </dd>
          </div>
          <div>
            <dt>{person.email_label}</dt>
            <dd>
              <a href={`mailto:${person.email}`}>{person.email}</a>
            </dd>
          </div>
        </dl>
      </div>
      <h2 className="contact-desk__headline">{content.headline}</h2>
      <ol className="contact-desk__steps">
        {content.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <h2 className="contact-desk__other">{other.headline}</h2>
      <dl className="contact-desk__lines">
        {other.items.map((item) => (
          <div key={item.email}>
            <dt>{item.label}</dt>
            <dd>
              <a href={`mailto:${item.email}`}>{item.email}</a>
            </dd>
          </div>
        ))}
      </dl>
      {other.text ? <p className="contact-desk__note">{other.text}</p> : null}
    </>
  );
}

export function ContactDesk({ content, page }: { content: ContactDeskContent; page: PageData }) {
  return <Formular page={page} aside={<Desk content={content} />} />;
}
