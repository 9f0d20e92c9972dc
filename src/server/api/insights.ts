/** GET /api/insights/...: pages of articles by sort and filter, filter possibilities, search options and search. */

import { parseFilter, parseSort } from '#app/insights/model.ts';
import { FormRefusal } from '../forms/refusal.ts';
import type { ApiPlugin } from '../http/type-provider.ts';
import { filterPossibilities, listArticles, searchArticles, searchOptions } from '../insights/insights-queries.ts';
import {
  articleCardSchema,
  languageParam,
  languageParams,
  possibilitiesSchema,
  searchOptionSchema,
} from './insights-schemas.ts';

const listQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { sort: { type: 'string', maxLength: 40 }, filter: { type: 'string', maxLength: 4000 } },
} as const;

export const insightsApi: ApiPlugin = async (app) => {
  const filterOf = (raw: string | undefined) => {
    const filter = parseFilter(raw);
    if (!filter) throw new FormRefusal(400, 'filter', 'invalid');
    return filter;
  };

  app.get(
    '/articles/:language/:page',
    {
      schema: {
        params: {
          type: 'object',
          required: ['language', 'page'],
          additionalProperties: false,
          // A path segment is text: the page is its digits, 1 to 99999.
          properties: { language: languageParam, page: { type: 'string', pattern: '^[1-9][0-9]{0,4}$' } },
        } as const,
        querystring: listQuerySchema,
        response: {
          200: {
            type: 'object',
            required: ['articles', 'sum', 'page', 'more'],
            properties: {
              articles: { type: 'array', items: articleCardSchema },
              sum: { type: 'integer' },
              page: { type: 'integer' },
              more: { type: 'boolean' },
            },
          } as const,
        },
      },
    },
    async (request) => {
      const sort = parseSort(request.query.sort);
      if (!sort) throw new FormRefusal(400, 'sort', 'invalid');
      return listArticles(
        app.insights.index(request.params.language),
        Number(request.params.page),
        sort,
        filterOf(request.query.filter),
      );
    },
  );

  app.get(
    '/articles/:language/search/:term',
    {
      schema: {
        params: {
          type: 'object',
          required: ['language', 'term'],
          additionalProperties: false,
          properties: { language: languageParam, term: { type: 'string', minLength: 1, maxLength: 200 } },
        } as const,
        response: {
          200: {
            type: 'object',
            required: ['articles', 'sum'],
            properties: { articles: { type: 'array', items: articleCardSchema }, sum: { type: 'integer' } },
          } as const,
        },
      },
    },
    async (request) => {
      const articles = searchArticles(app.insights.index(request.params.language), request.params.term);
      return { articles, sum: articles.length };
    },
  );

  app.get(
    '/possibilities/filter/:language',
    {
      schema: {
        params: languageParams,
        querystring: listQuerySchema,
        response: { 200: possibilitiesSchema },
      },
    },
    async (request) => filterPossibilities(app.insights.index(request.params.language), filterOf(request.query.filter)),
  );

  app.get(
    '/possibilities/search/options/:language',
    {
      schema: {
        params: languageParams,
        response: {
          200: {
            type: 'object',
            required: ['options'],
            properties: { options: { type: 'array', items: searchOptionSchema } },
          } as const,
        },
      },
    },
    async (request) => ({ options: searchOptions(app.insights.index(request.params.language)) }),
  );
};
