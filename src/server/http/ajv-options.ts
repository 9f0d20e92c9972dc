/**
 * How every request schema is applied, by Fastify's validator and by the one that checks
 * multipart upload fields alike: input is taken as sent (a number is no string, a list no
 * single value), nothing is added or dropped, and the first problem is the one answered.
 */
export const AJV_OPTIONS = {
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
  allErrors: false,
} as const;
