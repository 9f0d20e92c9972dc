/** The texts of the Galaxy login dropdown and its messages, content/{language}/login.json. */
import Type, { type Static } from 'typebox';
import { TemplateText, Text } from './common.ts';

/** The identity service's error codes the dropdown explains (SPEC 8), each with its message. */
export const IDENTITY_ERROR_CODES = [
  'auth/wrong-password',
  'auth/invalid-credential',
  'auth/user-not-found',
  'auth/user-disabled',
  'auth/too-many-requests',
  'auth/network-request-failed',
  'auth/popup-closed-by-user',
  'auth/popup-blocked',
  'auth/email-already-in-use',
  'auth/invalid-email',
  'auth/weak-password',
  'auth/missing-email',
  'auth/missing-password',
] as const;

/** The platform's own messages (SPEC 8), kept in the catalogue with the rest. */
export const PRODUCT_MESSAGE_CODES = [
  'auth/wrongRole',
  'auth/onlyOthers',
  'auth/onlySame',
  'auth/updateError',
  'auth/unauthorized',
  'auth/inactiveTool',
  'auth/noToolAccess',
  'fetch/accounts',
  'fetch/faqs',
  'fetch/image',
  'fetch/navigation',
  'fetch/roles',
  'fetch/supportRequest',
  'fetch/tools',
  'fetch/users',
  'update/accounts',
  'update/faqs',
  'update/image',
  'update/navigation',
  'update/roles',
  'update/supportRequest',
  'update/tools',
  'update/users',
] as const;

const codes = <T extends readonly string[]>(list: T) =>
  Type.Object(Object.fromEntries(list.map((code) => [code, Text])) as { [K in T[number]]: typeof Text }, {
    additionalProperties: false,
  });

export const LoginTextsSchema = Type.Object(
  {
    title: Text,
    intro: Text,
    google: Text,
    divider: Text,
    email_label: Text,
    password_label: Text,
    submit: Text,
    loading: Text,
    forgot_password: Text,
    accounts: Text,
    switch_to_galaxy: Text,
    /** Shown when signed in: {email} is filled in. */
    signed_in_as: TemplateText('login.json', '/signed_in_as'),
    not_configured: Text,
    /** When the site's login API refuses or cannot be reached and says nothing better. */
    failed: Text,
    no_account: Text,
    errors: codes(IDENTITY_ERROR_CODES),
    messages: codes(PRODUCT_MESSAGE_CODES),
  },
  { additionalProperties: false },
);
export type LoginTexts = Static<typeof LoginTextsSchema>;
export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];

/** The message for an identity-service error code; the general failure text for codes not in the catalogue. */
export function identityErrorMessage(texts: LoginTexts, code: string | undefined): string {
  return code !== undefined && Object.hasOwn(texts.errors, code)
    ? texts.errors[code as IdentityErrorCode]
    : texts.failed;
}
