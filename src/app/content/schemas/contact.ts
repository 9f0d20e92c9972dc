import Type, { type Static } from 'typebox';
import { Link, Paragraphs, strict, Text } from './common.ts';

/** The contact teaser at the end of a page. */
export const ContactSchema = Type.Object({ headline: Text, text: Paragraphs, button: Link }, strict);
export type ContactContent = Static<typeof ContactSchema>;
