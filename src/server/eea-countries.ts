/**
 * The countries of the European Economic Area (the 27 EU members, Iceland, Liechtenstein and
 * Norway). The privacy policy says that no data leaves this area except through Google's
 * services, so every processor it names must declare a location here (config.ts refuses one that
 * does not); a processor elsewhere needs the policy's third-country section first.
 */
export const EEA_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
]);
