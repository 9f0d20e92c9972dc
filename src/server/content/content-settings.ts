/**
 * Values of the server's configuration that content states in words, such as the retention
 * periods in the privacy policy: a content string names one as {{retention_contact}} and the
 * content store fills it in on load, in the file's language. The policy then says what the
 * server does, from the one place the server reads it.
 */
import type { PeriodsContent } from '#app/content/schemas/legal.ts';
import { fill } from '#app/i18n/format.ts';
import type { ProviderNames } from '../config.ts';
import type { RetentionPolicy } from '../store/retention-policy.ts';

/** The settings filled with a period in words ("zwei Jahre"): in German an accusative, which content:check guards. */
export const PERIOD_SETTINGS = [
  'retention_contact',
  'retention_application',
  'retention_event',
  'retention_consent_proof',
  'retention_mail',
  'retention_backup',
  'confirmation_link',
  'session_lifetime',
] as const;

export const SETTING_NAMES = [
  ...PERIOD_SETTINGS,
  'hosting_provider',
  'mail_provider',
  'newsletter_provider',
  'streaming_provider',
  'storage_provider',
] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

export const SETTING_PATTERN = /\{\{([a-z_]+)\}\}/g;

/** Which values fill a language's content; `file` reads another content file of that language. */
export type ContentSettings = (
  language: string,
  file: (relative: string) => unknown,
) => Readonly<Record<string, string>>;

const DAY_HOURS = 24;

/** A period in the largest whole unit: 730 days → "two years", 180 → "six months", 168 hours → "seven days". */
export function formatPeriod(hours: number, words: PeriodsContent): string {
  const days = hours / DAY_HOURS;
  const [unit, count] = !Number.isInteger(days)
    ? (['hour', hours] as const)
    : days % 365 === 0
      ? (['year', days / 365] as const)
      : days % 30 === 0
        ? (['month', days / 30] as const)
        : (['day', days] as const);
  if (count === 1) return words[unit].one;
  const spelled = words.numbers[count - 2] ?? String(count);
  return fill(words[unit].other, { count: spelled });
}

/**
 * A processor's name follows the word that describes it ("einem Hosting-Dienstleister{{hosting_provider}}"):
 * in parentheses when configured, nothing when not, so the sentence is true either way and names
 * no company the operator has not named.
 */
export const providerNamed = (name: string | undefined): string => (name === undefined ? '' : ` (${name})`);

/**
 * `sessionHours`: how long the Galaxy session cookie lives (SESSION_MAX_AGE_HOURS); `backupDays`:
 * how long a backup is kept before it is rotated out (BACKUP_ROTATION_DAYS).
 */
export function retentionSettings(
  policy: RetentionPolicy,
  confirmationTtlHours: number,
  sessionHours: number,
  backupDays: number,
  providers: ProviderNames = {},
): ContentSettings {
  return (language, file) => {
    const words = file('periods.json') as PeriodsContent | undefined;
    if (!words) throw new Error(`content/${language}/periods.json is missing`);
    const days = (count: number) => formatPeriod(count * DAY_HOURS, words);
    const values: Record<SettingName, string> = {
      retention_contact: days(policy.contactDays),
      retention_application: days(policy.applicationDays),
      retention_event: days(policy.eventDays),
      retention_consent_proof: days(policy.consentProofDays),
      retention_mail: days(policy.mailDays),
      retention_backup: days(backupDays),
      confirmation_link: formatPeriod(confirmationTtlHours, words),
      session_lifetime: formatPeriod(sessionHours, words),
      hosting_provider: providerNamed(providers.hosting),
      mail_provider: providerNamed(providers.mail),
      newsletter_provider: providerNamed(providers.newsletter),
      streaming_provider: providerNamed(providers.streaming),
      storage_provider: providerNamed(providers.storage),
    };
    return values;
  };
}
