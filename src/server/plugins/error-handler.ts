/** One place that turns errors into answers: clear 4xx JSON naming the problem, 5xx without internals. */
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

interface ValidationIssue {
  instancePath?: string;
  params?: { missingProperty?: string };
  message?: string;
}

/** The field a validation issue is about, e.g. body.email. */
export function fieldOf(context: string | undefined, issue: ValidationIssue): string {
  const fromPath = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const name = issue.params?.missingProperty ?? fromPath;
  return [context, name].filter(Boolean).join('.');
}

const errorHandler: FastifyPluginAsync = async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const issue = error.validation[0] as ValidationIssue | undefined;
      const field = issue ? fieldOf(error.validationContext, issue) : error.validationContext;
      return reply.code(400).send({
        statusCode: 400,
        error: 'Bad Request',
        field,
        message: `${field ?? 'request'} ${issue?.message ?? 'is invalid'}`,
      });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ statusCode: status, error: 'Internal Server Error', message: 'Something went wrong on our side' });
    }
    return reply.code(status).send({ statusCode: status, error: error.name, message: error.message });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `${request.method} ${request.url.split('?')[0]} does not exist` });
  });
};

export const errorHandlerPlugin = fp(errorHandler, { name: 'error-handler' });
