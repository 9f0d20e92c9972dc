/**
 * A case study's structured proof beside its story: who the client is, the results it reports, the
 * client's own words and a chart of the figures. The figures are the ones the story's text states,
 * so the band at the top and the paragraph further down never disagree.
 */
import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';
import { QuoteItemSchema } from './quote.ts';

/** After which paragraph of the story (counted from 1) a piece stands: beside the text it belongs to. */
const AfterParagraph = Type.Integer({ minimum: 1 });

const ChartCategory = Type.Object(
  {
    label: Text,
    /** The figures behind the bars in their own units, e.g. "11+ → 5.4 contacts a week". */
    detail: Type.Optional(Text),
    /** One value per series, in the order of `series`. */
    values: Type.Array(Type.Number({ minimum: 0 }), { minItems: 1, maxItems: 3 }),
  },
  strict,
);

const ChartSchema = Type.Object(
  {
    headline: Text,
    /** Under the chart, for every reader: what it shows and where the figures come from. */
    caption: Text,
    /** The title of the axis the bars grow along, with its unit. */
    value_axis: Text,
    /** The title of the axis that names the bars. */
    category_axis: Text,
    series: Type.Array(Text, { minItems: 1, maxItems: 3 }),
    categories: Type.Array(ChartCategory, { minItems: 2, maxItems: 6 }),
    after_paragraph: AfterParagraph,
  },
  strict,
);
export type CaseChart = Static<typeof ChartSchema>;

export const CaseFactsSchema = Type.Object(
  {
    client: Text,
    sector: Text,
    results: Type.Array(Type.Object({ value: Text, label: Text }, strict), { minItems: 3, maxItems: 4 }),
    quote: Type.Object({ ...QuoteItemSchema.properties, after_paragraph: AfterParagraph }, strict),
    chart: ChartSchema,
  },
  strict,
);
export type CaseFactsContent = Static<typeof CaseFactsSchema>;
