/** Events: each event folder describes its editions; the overview lists them as upcoming or past. */
import Type, { type Static } from 'typebox';
import { Href, Image, Paragraphs, strict, Text } from './common.ts';

const Slug = Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' });
/** An ISO date and time with its offset: 2027-03-11T17:30:00+01:00 */
const DateTime = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}[+-]\\d{2}:\\d{2}$' });

export const VenueSchema = Type.Object(
  {
    name: Text,
    street: Text,
    postal_code: Type.String({ pattern: '^\\d{5}$' }),
    city: Text,
    country: Type.String({ pattern: '^[A-Z]{2}$' }),
    /** How to get there. */
    directions: Type.Optional(Text),
  },
  strict,
);
export type Venue = Static<typeof VenueSchema>;

export const EditionSchema = Type.Object(
  {
    /** The path segments of the edition: /{location}/{year}/{month}. */
    location: Slug,
    year: Type.String({ pattern: '^\\d{4}$' }),
    month: Type.String({ pattern: '^(0[1-9]|1[0-2])$' }),
    title: Text,
    teaser: Text,
    start: DateTime,
    end: DateTime,
    /** Shown as the place: a city, or "Online". */
    city: Text,
    /** Missing for online editions. */
    venue: Type.Optional(VenueSchema),
    online: Type.Optional(Type.Boolean()),
    /** Whether people register here; false for events where we only have a stand. */
    registration: Type.Boolean(),
    price: Type.Optional(Text),
    agenda: Type.Optional(
      Type.Array(
        Type.Object(
          {
            time: Type.String({ pattern: '^\\d{2}:\\d{2}$' }),
            title: Text,
            text: Type.Optional(Text),
            speakers: Type.Optional(Type.Array(Text)),
          },
          strict,
        ),
        { minItems: 1 },
      ),
    ),
    /** Names from speakers.json who speak at this edition. */
    speakers: Type.Optional(Type.Array(Text, { minItems: 1 })),
    /** The insights article about this edition. */
    insight: Type.Optional(Href),
  },
  strict,
);
export type Edition = Static<typeof EditionSchema>;

export const EventInformationSchema = Type.Object(
  {
    folderName: Slug,
    name: Text,
    headline: Text,
    text: Paragraphs,
    format: Text,
    audience: Text,
    language: Text,
    image: Type.Optional(Image),
    editions: Type.Array(EditionSchema, { minItems: 1 }),
  },
  strict,
);
export type EventInformation = Static<typeof EventInformationSchema>;

export const SpeakersSchema = Type.Object(
  {
    headline: Text,
    items: Type.Array(
      Type.Object({ name: Text, role: Text, company: Text, bio: Text, topic: Type.Optional(Text) }, strict),
      { minItems: 1 },
    ),
  },
  strict,
);
export type SpeakersContent = Static<typeof SpeakersSchema>;

export const InterviewsSchema = Type.Object(
  {
    headline: Text,
    items: Type.Array(
      Type.Object(
        {
          name: Text,
          role: Text,
          questions: Type.Array(Type.Object({ question: Text, answer: Paragraphs }, strict), { minItems: 1 }),
        },
        strict,
      ),
      { minItems: 1 },
    ),
  },
  strict,
);
export type InterviewsContent = Static<typeof InterviewsSchema>;

/** The events overview: which event folders it lists, and its headings. */
export const EventsSchema = Type.Object(
  {
    folders: Type.Array(Slug, { minItems: 1 }),
    upcoming_headline: Text,
    upcoming_text: Type.Optional(Text),
    no_upcoming: Text,
    past_headline: Text,
    past_text: Type.Optional(Text),
  },
  strict,
);
export type EventsContent = Static<typeof EventsSchema>;

/** Labels of the event pages, content/{language}/event_labels.json. */
export const EventLabelsSchema = Type.Object(
  {
    date: Text,
    time: Text,
    place: Text,
    format: Text,
    audience: Text,
    language: Text,
    price: Text,
    online: Text,
    open_in_map: Text,
    map_no_results: Text,
    map_show: Text,
    /** Beside the button that shows the map: what showing it means for the visitor's data. */
    map_notice: Text,
    map_failed: Text,
    map_label: Text,
    /** The months as an event card's date tile abbreviates them, January first. */
    months_short: Type.Array(Text, { minItems: 12, maxItems: 12 }),
    past_note: Text,
    agenda_headline: Text,
    location_headline: Text,
    other_editions: Text,
    details: Text,
    report: Text,
    event_page: Text,
    registration_closed: Text,
    /** The hero's button to the registration form, while an edition takes registrations. */
    register: Text,
    registration: Type.Object({ confirmed: Text, expired: Text, invalid: Text }, strict),
    all_events: Text,
  },
  strict,
);
export type EventLabels = Static<typeof EventLabelsSchema>;
export { Href };
