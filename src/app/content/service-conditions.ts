/**
 * The optional services content may depend on: a section of the privacy policy or a row of the
 * cookie list names a service only where it is configured (configured-services.ts), so the
 * texts describe this deployment in the indicative instead of what it "may" run.
 */
export const SERVICES = [
  /** Google Tag Manager (GTM_ID), and what it loads after consent. */
  'tag_manager',
  /** An external consent manager (CONSENT_MANAGER_ID). */
  'consent_manager',
  /** The site's own consent banner: something needs consent and no consent manager asks for it. */
  'consent_banner',
  /** Anything that needs consent: the tag manager or maps. */
  'consent',
  /** Something asks for consent: the consent manager or the site's banner (no Cookies list in the footer then). */
  'consent_tool',
  /** Interactive maps on event pages (MAPS_API_KEY). */
  'maps',
  /** Sign-in to Galaxy through Firebase Authentication. */
  'sign_in',
  /** Open positions loaded by the server from an applicant tracking service (CAREERS_API_URL). */
  'careers_service',
  /** Applicants' files kept in an S3 bucket at a storage provider (S3_BUCKET) rather than on the site's own servers. */
  'object_storage',
  /** Any of the above run by Google: tag manager, maps, sign-in. */
  'google',
] as const;
export type Service = (typeof SERVICES)[number];

/** A condition in content: "maps" shows a text when maps are configured, "no_maps" when they are not. */
export const SERVICE_CONDITIONS = [...SERVICES, ...SERVICES.map((service) => `no_${service}` as const)] as const;
export type ServiceCondition = (typeof SERVICE_CONDITIONS)[number];

/** A text in content, shown always, or only under a condition. */
export type ConditionalText = string | { text: string; when: ServiceCondition };

/** The texts shown for these services, in their order. */
export function textsFor(texts: readonly ConditionalText[] | undefined, services: ReadonlySet<Service>): string[] {
  return (texts ?? []).flatMap((text) =>
    typeof text === 'string' ? [text] : applies(text.when, services) ? [text.text] : [],
  );
}

/** Whether a text with this condition (none: always) is shown. */
export function applies(condition: ServiceCondition | undefined, services: ReadonlySet<Service>): boolean {
  if (condition === undefined) return true;
  return condition.startsWith('no_')
    ? !services.has(condition.slice(3) as Service)
    : services.has(condition as Service);
}
