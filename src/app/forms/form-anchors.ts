/**
 * Where a page's form starts, for the hero's button that leads there: an event's "Register now"
 * and a job's "Apply now". Kept out of paths.ts, which every first load carries.
 */
export const REGISTRATION_FORM_ID = 'registration-form';
export const APPLICATION_FORM_ID = 'application-form';
