/**
 * The words of the insights overview and the article pages (insights_labels.json). Every filter
 * value the model knows has its name here and nothing else does, so a value added to the model
 * without a name, or a name left behind, fails content:check instead of showing a raw key.
 */
import Type, { type Static } from 'typebox';
import { CONTENT_TYPES, SECONDARY_GROUPS } from '../../insights/model.ts';
import { SORT_KEYS } from '../../insights/sort-keys.ts';
import { Link, strict, TemplateText, Text } from './common.ts';

const SECONDARY_VALUES: readonly string[] = Object.values(SECONDARY_GROUPS).flat();
const FILTER_VALUES = [...CONTENT_TYPES, ...SECONDARY_VALUES];
const named = <Key extends string>(keys: readonly Key[]) =>
  Type.Object(Object.fromEntries(keys.map((key) => [key, Text])) as Record<Key, typeof Text>, strict);

export const InsightsLabelsSchema = Type.Object(
  {
    show_all: Text,
    /** The button that appends the next page: how many it adds (at most a page). */
    more: TemplateText('insights_labels.json', '/more'),
    more_one: Text,
    /** The button that opens the facet groups, while none of them narrows the list. */
    filters: Text,
    /** The same button while facets narrow the list: how many. */
    filters_active: TemplateText('insights_labels.json', '/filters_active'),
    /** The list of the chosen facets, each a button that removes it: its name for screen readers. */
    active_filters: Text,
    remove_filter: TemplateText('insights_labels.json', '/remove_filter'),
    all: Text,
    author: Text,
    authors: Text,
    /** Under an author's name: the overview searched for their name, which finds what they wrote. */
    author_articles: TemplateText('insights_labels.json', '/author_articles'),
    groups: named(['content_type', 'audience', 'services', 'technology', 'topics']),
    values: named(FILTER_VALUES),
    sort_label: Text,
    sort_options: named(SORT_KEYS),
    search_label: Text,
    search_placeholder: Text,
    search_submit: Text,
    search_clear: Text,
    /** The heading above the list of cards, for screen readers: the page's outline needs it. */
    results_headline: Text,
    results: TemplateText('insights_labels.json', '/results'),
    result: Text,
    /** The count after a search names what was searched, so the announcement answers the question asked. */
    results_for: TemplateText('insights_labels.json', '/results_for'),
    result_for: TemplateText('insights_labels.json', '/result_for'),
    no_results: Text,
    /** The empty result's way back to every insight: it clears the filters and the search. */
    empty_clear: Text,
    empty_topics_headline: Text,
    /** Filters (keys of `values` below the content types) the empty result offers instead. */
    popular_topics: Type.Array(Type.Union(SECONDARY_VALUES.map((value) => Type.Literal(value))), { minItems: 1 }),
    empty_contact_text: Text,
    empty_contact_link: Link,
    /** A card's link words by its content type, so each card says what it leads to. */
    card_actions: named(CONTENT_TYPES),
    reading_time: TemplateText('insights_labels.json', '/reading_time'),
    duration: TemplateText('insights_labels.json', '/duration'),
    location: TemplateText('insights_labels.json', '/location'),
    related_headline: Text,
    recommendations_headline: Text,
    back_to_overview: Text,
    /** The heading of a long article's table of contents. */
    contents: Text,
    feed_title: Text,
    feed_description: Text,
    feed_link_label: Text,
    /** Under a diagram: its image file, legible at full size on a phone. */
    figure_open: Text,
    /** Beside a diagram too wide for a phone's screen: it scrolls sideways. */
    figure_scroll_hint: Text,
    /** The link from an event's insight to the event's page. */
    event_page: Text,
    /** A case study's own words: the names of its chips and the headline of its results band. */
    case_study: Type.Object({ client: Text, sector: Text, services: Text, results: Text }, strict),
  },
  strict,
);
export type InsightsLabels = Static<typeof InsightsLabelsSchema>;
