/** An edition as schema.org Event, with the fields Google's event rich results require and those the content fills. */

import type { SpeakersContent } from '../content/schemas/events.ts';
import type { Language } from '../i18n/language.ts';
import { absoluteUrl, organization } from '../seo/json-ld.tsx';
import type { EventPageData } from './page-data.ts';

export function eventSchema(
  { information, edition, past }: EventPageData,
  {
    siteUrl,
    path,
    language,
    image,
    speakers,
  }: { siteUrl: string; path: string; language: Language; image: string; speakers?: SpeakersContent | undefined },
): Record<string, unknown> {
  const url = absoluteUrl(siteUrl, path);
  const performers = (speakers?.items ?? []).filter(
    (speaker) => !edition.speakers || edition.speakers.includes(speaker.name),
  );
  return {
    '@type': 'Event',
    name: edition.title,
    description: edition.teaser,
    startDate: edition.start,
    endDate: edition.end,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: edition.online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location: edition.venue
      ? {
          '@type': 'Place',
          name: edition.venue.name,
          address: {
            '@type': 'PostalAddress',
            streetAddress: edition.venue.street,
            addressLocality: edition.venue.city,
            postalCode: edition.venue.postal_code,
            addressCountry: edition.venue.country,
          },
        }
      : { '@type': 'VirtualLocation', url },
    image: [absoluteUrl(siteUrl, image)],
    organizer: organization(siteUrl),
    ...(performers.length > 0
      ? { performer: performers.map((speaker) => ({ '@type': 'Person', name: speaker.name })) }
      : {}),
    ...(edition.registration
      ? {
          offers: {
            '@type': 'Offer',
            url,
            price: 0,
            priceCurrency: 'EUR',
            availability: past ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
          },
        }
      : {}),
    inLanguage: language,
    url,
    about: information.name,
  };
}
