/**
 * How the English content folders are named in German. Every other folder name is the
 * same in both languages (service and technology slugs are shared).
 */
export const GERMAN_FOLDER_NAMES: Readonly<Record<string, string>> = {
  company: 'unternehmen',
  'about-us': 'ueber-uns',
  career: 'karriere',
  contact: 'kontakt',
  imprint: 'impressum',
  'privacy-policy': 'datenschutz',
  technology: 'technologie',
  'meeting-request': 'terminanfrage',
};

/** Content that exists in one language only, by design. */
export const SINGLE_LANGUAGE_FOLDERS: readonly string[] = [
  // The cdp event took place once, in German (SPEC: the German Munich 2024/03 page).
  'de/homepage/unternehmen/events/cdp-event',
];

/** en/homepage/company/contact/stage.json → de/homepage/unternehmen/kontakt/stage.json */
export function germanPathOf(englishPath: string): string {
  const [, ...rest] = englishPath.split('/');
  const file = rest.pop() ?? '';
  return ['de', ...rest.map((segment) => GERMAN_FOLDER_NAMES[segment] ?? segment), file].join('/');
}
