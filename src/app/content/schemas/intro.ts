import Type, { type Static } from 'typebox';
import { Paragraphs, strict, Text } from './common.ts';

export const IntroSchema = Type.Object({ eyebrow: Type.Optional(Text), headline: Text, text: Paragraphs }, strict);
export type IntroContent = Static<typeof IntroSchema>;
