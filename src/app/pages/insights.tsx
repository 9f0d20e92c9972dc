/**
 * The insights overview: filters by content type and by audience, services, technology
 * and topics, a search with suggestions, sorting, and 'more' to append the next page.
 * Filter, sort and search live in the URL, so every view can be shared and is rendered
 * on the server; 'more' appends in the browser.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Form, useLoaderData, useNavigation, useRouteLoaderData, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { Stage } from '../blocks/stage.tsx';
import { useEnterSubmits } from '../forms/use-enter-submits.ts';
import { fill } from '../i18n/format.ts';
import { LANGUAGE_PARAM } from '../i18n/language-address.ts';
import { ArticleCard } from '../insights/article-card.tsx';
import { EmptyResults } from '../insights/empty-results.tsx';
import { createFetchInsightsSource } from '../insights/fetch-insights-source.ts';
import {
  CONTENT_TYPES,
  type FacetCount,
  formatFilter,
  formatSort,
  type InsightsFilter,
  PAGE_SIZE,
  SECONDARY_GROUP_NAMES,
  SECONDARY_GROUPS,
} from '../insights/model.ts';
import { type InsightsLabels, type InsightsOverviewData, SEARCH_PARAM } from '../insights/page-data.ts';
import { SORT_KEYS } from '../insights/sort-keys.ts';
import { insightsFeedPath } from '../paths.ts';
import type { PageData, RootData } from '../route-data.ts';
import { articlesFailed, articlesLoaded, createInsightsState, startLoading } from '../state/insights-store.ts';

function toggled(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((entry) => entry !== value) : [...list, value];
}

function countOf(facets: FacetCount[] | undefined, value: string): number {
  return facets?.find((facet) => facet.value === value)?.count ?? 0;
}

export function Component() {
  const page = useLoaderData() as PageData;
  const root = useRouteLoaderData('root') as RootData;
  const data = page.insights as InsightsOverviewData;
  const { labels } = data;
  const language = page.language;
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const [state] = useState(() =>
    createInsightsState({
      ...data.list,
      articlesLoading: false,
      sort: data.sort,
      filter: data.filter,
      possibleFilter: data.possibilities,
      searchOptions: data.searchOptions,
    }),
  );
  const snapshot = useSnapshot(state);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const searched = useRef(false);
  const countRef = useRef<HTMLParagraphElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const enterSearches = useEnterSubmits();

  // Each new URL brings its first page: the list starts again from it.
  useEffect(() => {
    state.sort = data.sort;
    state.filter = data.filter;
    state.possibleFilter = data.possibilities;
    state.searchOptions = data.searchOptions;
    articlesLoaded(state, data.list);
  }, [data, state]);

  // The field shows the URL's search (back, forward, a cleared filter) but is not made anew for it: a visitor who
  // has just searched keeps the focus and the caret where they were.
  useEffect(() => {
    const field = searchRef.current;
    if (field && field.value !== (data.search ?? '')) field.value = data.search ?? '';
  }, [data.search]);

  // A search answers below the search field, where a small screen does not show it: the count that names it comes
  // into view (and is read out, being a status), while the focus stays in the field to refine the search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when the search's answer arrives, which is a new data
  useEffect(() => {
    if (!searched.current) return;
    searched.current = false;
    countRef.current?.scrollIntoView({
      block: 'start',
      behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });
  }, [data]);

  function applyFilter(filter: InsightsFilter) {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        const encoded = formatFilter(filter);
        if (encoded) next.set('filter', encoded);
        else next.delete('filter');
        next.delete(SEARCH_PARAM);
        return next;
      },
      { preventScrollReset: true },
    );
  }

  async function loadMore() {
    startLoading(state);
    try {
      articlesLoaded(
        state,
        await createFetchInsightsSource().list(language, snapshot.page + 1, data.sort, data.filter),
      );
    } catch {
      articlesFailed(state);
    }
  }

  const filter = data.filter;
  const busy = navigation.state !== 'idle' && navigation.location?.pathname === '/insights';
  const stage = page.content.stage;
  const nextCount = Math.min(PAGE_SIZE, snapshot.sum - snapshot.articles.length);
  const resultText = data.search
    ? snapshot.sum === 1
      ? fill(labels.result_for, { search: data.search })
      : fill(labels.results_for, { sum: snapshot.sum, search: data.search })
    : snapshot.sum === 1
      ? labels.result
      : fill(labels.results, { sum: snapshot.sum });

  return (
    <main id="main" className="page page--insights" tabIndex={-1}>
      <link rel="alternate" type="application/rss+xml" title={labels.feed_title} href={insightsFeedPath(language)} />
      {stage ? <Stage content={stage} variant={page.hero} ui={root.ui} /> : null}
      <section className="insights section" aria-busy={busy}>
        <div className="section__inner">
          <div className="insights__toolbar">
            <Form
              method="get"
              className="insights__search"
              role="search"
              preventScrollReset
              onSubmit={() => {
                searched.current = true;
              }}
            >
              <label htmlFor={searchId} className="insights__search-label">
                {labels.search_label}
              </label>
              <div className="insights__search-row">
                <input
                  id={searchId}
                  name={SEARCH_PARAM}
                  type="search"
                  defaultValue={data.search ?? ''}
                  ref={searchRef}
                  placeholder={labels.search_placeholder}
                  list={`${searchId}-options`}
                  maxLength={200}
                  autoComplete="off"
                  className="insights__search-input"
                  {...enterSearches}
                />
                <button type="submit" className="button button--primary">
                  {labels.search_submit}
                </button>
              </div>
              <datalist id={`${searchId}-options`}>
                {(snapshot.searchOptions ?? []).map((option) => (
                  <option key={`${option.type}:${option.value}`} value={option.value} />
                ))}
              </datalist>
            </Form>
            <label className="insights__sort">
              <span>{labels.sort_label}</span>
              <select
                value={formatSort(data.sort)}
                onChange={(event) =>
                  setSearchParams(
                    (params) => {
                      const next = new URLSearchParams(params);
                      next.set('sort', event.target.value);
                      return next;
                    },
                    { preventScrollReset: true },
                  )
                }
              >
                {SORT_KEYS.map((key) => (
                  <option key={key} value={key}>
                    {labels.sort_options[key]}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="insights__filter-toggle button"
              aria-expanded={filtersOpen}
              aria-controls={`${searchId}-filters`}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              {filter.secondary.length > 0
                ? fill(labels.filters_active, { count: filter.secondary.length })
                : labels.filters}
            </button>
          </div>

          <fieldset className="insights__primary">
            <legend className="visually-hidden">{labels.groups.content_type}</legend>
            <button
              type="button"
              className="chip"
              aria-pressed={filter.primary.length === 0}
              onClick={() => applyFilter({ ...filter, primary: [] })}
            >
              {labels.all}
            </button>
            {CONTENT_TYPES.map((type) => {
              const count = countOf(snapshot.possibleFilter?.primary as FacetCount[] | undefined, type);
              const active = filter.primary.includes(type);
              return (
                <button
                  key={type}
                  type="button"
                  className="chip"
                  data-value={type}
                  aria-pressed={active}
                  disabled={!active && count === 0}
                  onClick={() => applyFilter({ ...filter, primary: toggled(filter.primary, type) })}
                >
                  {labels.values[type] ?? type} <span className="chip__count">{count}</span>
                </button>
              );
            })}
          </fieldset>

          <div id={`${searchId}-filters`} className="insights__filters" hidden={!filtersOpen}>
            {SECONDARY_GROUP_NAMES.map((group) => {
              const facets = snapshot.possibleFilter?.secondary[group] as FacetCount[] | undefined;
              // Values still possible, and those chosen even if nothing matches them any more.
              const values = SECONDARY_GROUPS[group].filter(
                (value) => countOf(facets, value) > 0 || filter.secondary.includes(value),
              );
              if (values.length === 0) return null;
              return (
                <fieldset key={group} className="insights__group">
                  <legend>{labels.groups[group]}</legend>
                  {values.map((value) => (
                    <label key={value} className="insights__option">
                      <input
                        type="checkbox"
                        value={value}
                        checked={filter.secondary.includes(value)}
                        onChange={() => applyFilter({ ...filter, secondary: toggled(filter.secondary, value) })}
                      />
                      <span>{labels.values[value] ?? value}</span>
                      <span className="chip__count">{countOf(facets, value)}</span>
                    </label>
                  ))}
                </fieldset>
              );
            })}
          </div>

          {filter.secondary.length > 0 || filter.primary.length > 0 || data.search ? (
            <div className="insights__chosen">
              {filter.secondary.length > 0 ? (
                <ul className="insights__chosen-list" aria-label={labels.active_filters}>
                  {filter.secondary.map((value) => {
                    const name = labels.values[value] ?? value;
                    return (
                      <li key={value}>
                        <button
                          type="button"
                          className="chip chip--chosen"
                          aria-label={fill(labels.remove_filter, { name })}
                          onClick={() =>
                            applyFilter({ ...filter, secondary: filter.secondary.filter((entry) => entry !== value) })
                          }
                        >
                          {name}
                          <span className="chip__remove" aria-hidden="true">
                            ×
                          </span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              ) : null}
              <button
                type="button"
                className="link-button insights__reset"
                onClick={() => applyFilter({ primary: [], secondary: [] })}
              >
                {labels.show_all}
              </button>
            </div>
          ) : null}

          <h2 className="visually-hidden">{labels.results_headline}</h2>
          <p className="insights__count" role="status" ref={countRef}>
            {resultText}
          </p>
          {snapshot.articles.length === 0 ? (
            <EmptyResults labels={labels} language={searchParams.get(LANGUAGE_PARAM)} />
          ) : (
            <ul className="insights__grid">
              {snapshot.articles.map((card, index) => (
                <li key={card.folderName}>
                  <ArticleCard card={card} labels={labels as InsightsLabels} eager={index < 3} />
                </li>
              ))}
            </ul>
          )}
          {snapshot.more ? (
            <div className="insights__more">
              <button
                type="button"
                className="button button--primary"
                onClick={() => void loadMore()}
                disabled={snapshot.articlesLoading}
              >
                {nextCount === 1 ? labels.more_one : fill(labels.more, { count: nextCount })}
              </button>
            </div>
          ) : null}
        </div>
      </section>
    </main>
  );
}
