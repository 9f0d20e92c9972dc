/** POST /api/recommendation/articles/{language}: related articles the visitor has not read yet. */
import type { FastifyPluginAsync } from 'fastify';
import type { Language } from '#app/i18n/language.ts';
import { recommendArticles } from '../insights/insights-queries.ts';
import { articleCardSchema, languageParam } from './insights-schemas.ts';

const slug = { type: 'string', maxLength: 120, pattern: '^[a-z0-9-]*$' } as const;

export const recommendationApi: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { language: Language }; Body: { recoStorage?: string[]; currentArticle: string } }>(
    '/articles/:language',
    {
      bodyLimit: 32 * 1024,
      config: { readOnly: true },
      schema: {
        params: { type: 'object', required: ['language'], additionalProperties: false, properties: { language: languageParam } },
        body: {
          type: 'object',
          required: ['currentArticle'],
          additionalProperties: false,
          properties: { recoStorage: { type: 'array', maxItems: 500, items: slug }, currentArticle: slug },
        },
        response: { 200: { type: 'object', required: ['articles'], properties: { articles: { type: 'array', items: articleCardSchema } } } },
      },
    },
    async (request) => ({
      articles: recommendArticles(app.insights.index(request.params.language), request.body.currentArticle, request.body.recoStorage ?? []),
    }),
  );
};
