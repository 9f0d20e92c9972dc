/** How long the site keeps what people sent it: read once from the environment, stated in the privacy policy. */
export interface RetentionPolicy {
  /** Contact requests (all contact forms and meeting requests), from receipt. */
  contactDays: number;
  /** Job applications with their files, from receipt. */
  applicationDays: number;
  /** Confirmed event registrations, from the end of the event. */
  eventDays: number;
  /** A newsletter sign-up's proof of consent, from the unsubscription. */
  consentProofDays: number;
  /** Copies of sent or failed mails that belong to no submission (a subscriber's welcome mail), from queueing. */
  mailDays: number;
}
