/** A position as schema.org JobPosting, with every field Google's job rich results require and those the position fills. */

import { paragraphsOf } from '../blocks/text.ts';
import type { Language } from '../i18n/language.ts';
import { absoluteUrl, organization } from '../seo/json-ld.tsx';
import type { Position } from './model.ts';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The description as the simple HTML Google reads: paragraphs and the requirements as a list. */
export function jobDescriptionHtml(position: Position): string {
  const paragraphs = paragraphsOf(position.description.text).map((text) => `<p>${escapeHtml(text)}</p>`);
  const requirements = `<p>${escapeHtml(position.requirements.headline)}</p><ul>${position.requirements.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  const offers = `<p>${escapeHtml(position.offers.headline)}</p><ul>${position.offers.items.map((item) => `<li>${escapeHtml(item.title)}: ${escapeHtml(item.text)}</li>`).join('')}</ul>`;
  return [...paragraphs, requirements, offers].join('');
}

export function jobPosting(
  position: Position,
  { siteUrl, path, language }: { siteUrl: string; path: string; language: Language },
): Record<string, unknown> {
  const { generic } = position;
  return {
    '@type': 'JobPosting',
    title: generic.title,
    description: jobDescriptionHtml(position),
    identifier: { '@type': 'PropertyValue', name: 'Nordstern Digital', value: generic.folder },
    datePosted: generic.date_posted,
    ...(generic.valid_through ? { validThrough: `${generic.valid_through}T23:59:59+01:00` } : {}),
    employmentType: generic.employment_type,
    ...(generic.terms && generic.terms.start !== 'asap' ? { jobStartDate: generic.terms.start } : {}),
    ...(generic.terms ? { workHours: `${generic.terms.weekly_hours} hours per week` } : {}),
    hiringOrganization: organization(siteUrl),
    jobLocation: generic.offices.map((office) => ({
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: office.street,
        addressLocality: office.city,
        addressRegion: office.region,
        postalCode: office.postal_code,
        addressCountry: office.country,
      },
    })),
    ...(generic.remote_country
      ? { applicantLocationRequirements: { '@type': 'Country', name: generic.remote_country } }
      : {}),
    ...(generic.salary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: generic.salary.currency,
            value: {
              '@type': 'QuantitativeValue',
              minValue: generic.salary.min,
              maxValue: generic.salary.max,
              unitText: 'YEAR',
            },
          },
        }
      : {}),
    directApply: true,
    inLanguage: language,
    url: absoluteUrl(siteUrl, path),
  };
}
