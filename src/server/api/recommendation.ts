/** POST /api/recommendation/articles/{language}: related articles the visitor has not read yet. */
import type { ApiPlugin } from '../http/type-provider.ts';
import { recommendArticles } from '../insights/insights-queries.ts';
import { articleCardSchema, languageParams } from './insights-schemas.ts';

const slug = { type: 'string', maxLength: 120, pattern: '^[a-z0-9-]*$' } as const;

export const recommendationApi: ApiPlugin = async (app) => {
  app.post(
    '/articles/:language',
    {
      bodyLimit: 32 * 1024,
      config: { readOnly: true },
      schema: {
        params: languageParams,
        body: {
          type: 'object',
          required: ['currentArticle'],
          additionalProperties: false,
          properties: { recoStorage: { type: 'array', maxItems: 500, items: slug }, currentArticle: slug },
        } as const,
        response: {
          200: {
            type: 'object',
            required: ['articles'],
            properties: { articles: { type: 'array', items: articleCardSchema } },
          } as const,
        },
      },
    },
    async (request) => ({
      articles: recommendArticles(
        app.insights.index(request.params.language),
        request.body.currentArticle,
        request.body.recoStorage ?? [],
      ),
    }),
  );
};
