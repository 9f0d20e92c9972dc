/** GET /api/careers/{language}: the open positions, for the career pages in the browser. */
import type { CareersSource } from '#app/careers/model.ts';
import { CareersAnswerSchema } from '#app/content/schemas/career.ts';
import type { ApiPlugin } from '../http/type-provider.ts';
import { languageParams } from './insights-schemas.ts';

export const careersApi: ApiPlugin<{ careers: CareersSource }> = async (app, { careers }) => {
  app.get(
    '/:language',
    {
      schema: {
        params: languageParams,
        response: { 200: CareersAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { activePositions: await careers.positions(request.params.language) };
    },
  );
};
