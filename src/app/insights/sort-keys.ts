/**
 * Every order the overview offers, as the URL's `sort` spells it. A module of its own: the model
 * goes with every page's first load (the article card reads it), these only with the overview.
 */
export const SORT_KEYS = ['datetime:desc', 'datetime:asc', 'title:asc', 'title:desc'] as const;
