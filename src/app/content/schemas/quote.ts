import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';

export const QuoteItemSchema = Type.Object({ text: Text, author: Text, role: Text, company: Text }, strict);
/** One client voice. */
export const QuoteSchema = QuoteItemSchema;
export type QuoteContent = Static<typeof QuoteSchema>;
