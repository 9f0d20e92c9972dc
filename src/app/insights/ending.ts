/** Which ending an insight page carries: its own service's call to action, picked on the server so the page holds one, not all. */
import type { InsightEndings } from '../content/schemas/insight-endings.ts';

/** What one page carries of the endings: its service's, not every service's. */
export interface InsightEnding {
  eyebrow: string;
  headline: string;
  text: string;
  service: { text: string; link_url: string };
  contact: { text: string; link_url: string };
  newsletter: InsightEndings['newsletter'];
}

/** The ending for an insight of these services and type. */
export function endingFor(endings: InsightEndings, services: readonly string[], caseStudy: boolean): InsightEnding {
  const matched = services.map((service) => endings.services[service]).find(Boolean) ?? endings.fallback;
  return {
    eyebrow: endings.eyebrow,
    headline: caseStudy ? endings.case_study_headline : matched.headline,
    text: matched.text,
    service: matched.link,
    contact: endings.contact,
    newsletter: endings.newsletter,
  };
}
