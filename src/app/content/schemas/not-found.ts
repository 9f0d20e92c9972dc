/** The help of the 404 page (not_found.json): a human line, a search of the insights and the main sections. */
import Type, { type Static } from 'typebox';
import { Href, IconName, strict, Text } from './common.ts';

const Destination = Type.Object({ text: Text, description: Text, link_url: Href, icon: IconName }, strict);

export const NotFoundSchema = Type.Object(
  {
    /** The document title: the page's name and the brand. */
    title: Text,
    /** The human line under the spec's 'Error 404' and its message. */
    lead: Text,
    text: Text,
    search_label: Text,
    search_placeholder: Text,
    search_submit: Text,
    links_headline: Text,
    links: Type.Array(Destination, { minItems: 4, maxItems: 6 }),
  },
  strict,
);
export type NotFoundHelp = Static<typeof NotFoundSchema>;
