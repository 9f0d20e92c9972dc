import Type, { type Static } from 'typebox';
import { strict, TemplateText, Text } from './common.ts';
import { QuoteItemSchema } from './quote.ts';

/** Several client voices, one at a time, with previous/next buttons and arrow keys. */
export const QuoteSliderSchema = Type.Object(
  {
    headline: Text,
    items: Type.Array(QuoteItemSchema, { minItems: 2 }),
    labels: Type.Object(
      {
        previous: Text,
        next: Text,
        region: Text,
        slide: TemplateText('homepage/**/quoteSlider.json', '/labels/slide'),
      },
      strict,
    ),
  },
  strict,
);
export type QuoteSliderContent = Static<typeof QuoteSliderSchema>;
