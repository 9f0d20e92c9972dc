/**
 * The contact page's desk: beside the form, what happens after a message is sent, the named
 * person who answers (with a direct line) and the addresses for other questions.
 */
import Type, { type Static } from 'typebox';
import { EmailAddress, strict, Text } from './common.ts';

/** A telephone number as people read it: "+49 40 5558 2141"; the link dials its digits. */
const PhoneNumber = Type.String({ pattern: '^\\+[1-9][0-9]{0,3}( [0-9]{1,6}){2,5}$' });

export const ContactDeskSchema = Type.Object(
  {
    headline: Text,
    steps: Type.Array(Text, { minItems: 2, maxItems: 4 }),
    person: Type.Object(
      {
        label: Text,
        name: Text,
        role: Text,
        phone_label: Text,
        phone: PhoneNumber,
        /** When the line is answered. */
        hours: Text,
        email_label: Text,
        email: EmailAddress,
      },
      strict,
    ),
    other: Type.Object(
      {
        headline: Text,
        items: Type.Array(Type.Object({ label: Text, email: EmailAddress }, strict), { minItems: 1, maxItems: 6 }),
        text: Type.Optional(Text),
      },
      strict,
    ),
  },
  strict,
);
export type ContactDeskContent = Static<typeof ContactDeskSchema>;
