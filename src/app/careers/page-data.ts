/** What the career pages load: the labels and the open positions, or one position and its related jobs. */
import type { CareerLabels } from '../content/schemas/career.ts';
import type { ContentSource } from '../content/types.ts';
import type { Language } from '../i18n/language.ts';
import { type CareersSource, type Position, relatedPositions } from './model.ts';

export interface CareerPageData {
  labels: CareerLabels;
  positions: Position[];
}

export interface JobPageData {
  labels: CareerLabels;
  position: Position;
  related: Position[];
}

export async function loadCareerPage(
  language: Language,
  content: ContentSource,
  careers: CareersSource,
): Promise<CareerPageData | null> {
  const [labels, positions] = await Promise.all([
    content.file<CareerLabels>(language, 'career_labels.json'),
    careers.positions(language),
  ]);
  return labels ? { labels, positions } : null;
}

/** Null when the job is not (or no longer) open. */
export async function loadJobPage(
  language: Language,
  slug: string,
  content: ContentSource,
  careers: CareersSource,
): Promise<JobPageData | null> {
  const [labels, positions] = await Promise.all([
    content.file<CareerLabels>(language, 'career_labels.json'),
    careers.positions(language),
  ]);
  const position = positions.find((candidate) => candidate.generic.folder === slug);
  if (!labels || !position) return null;
  return { labels, position, related: relatedPositions(position, positions) };
}
