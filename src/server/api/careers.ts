/** GET /api/careers/{language}: the open positions, for the career pages in the browser. */
import type { FastifyPluginAsync } from 'fastify';
import type { CareersSource } from '#app/careers/model.ts';
import type { Language } from '#app/i18n/language.ts';
import { CareersAnswerSchema } from '#app/content/schemas/career.ts';

export const careersApi: FastifyPluginAsync<{ careers: CareersSource }> = async (app, { careers }) => {
  app.get<{ Params: { language: Language } }>(
    '/:language',
    {
      schema: {
        params: { type: 'object', required: ['language'], additionalProperties: false, properties: { language: { type: 'string', enum: ['de', 'en'] } } },
        response: { 200: CareersAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { activePositions: await careers.positions(request.params.language) };
    },
  );
};
