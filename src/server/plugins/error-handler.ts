/**
 * One place that turns errors into answers: refusals a person can fix become a 4xx JSON
 * body naming the field, in the request's language; anything else is a 5xx without internals.
 */
import type { FastifyError, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { echoedValues, formPageOf, isPlainFormPost } from '../forms/form-echo.ts';
import { FormRefusal, refusalBody, refusalOfValidation } from '../forms/refusal.ts';
import { requestLanguage } from '../forms/request-language.ts';
import type { PageHandler } from '../ssr/page-handler.ts';
import { isStorageFailure } from '../store/storage-health.ts';
import { isObjectStorageUnavailable } from '../uploads/object-storage.ts';
import { isRedisUnavailable } from './shared-limits.ts';

/** How long a client should wait before trying again while storage fails (or, for an application, lacks room). */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

/** Fastify's own request errors, as refusals. */
const FRAMEWORK_REFUSALS: Readonly<Record<string, () => FormRefusal>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => new FormRefusal(400, 'body', 'malformed'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new FormRefusal(400, 'body', 'malformed'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new FormRefusal(400, 'body', 'malformed'),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new FormRefusal(413, 'body', 'body_too_large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => new FormRefusal(415, 'content-type', 'unsupported_type'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new FormRefusal(415, 'content-type', 'unsupported_type'),
  FST_FILES_LIMIT: () => new FormRefusal(413, 'files', 'unsupported_type'),
  FST_PARTS_LIMIT: () => new FormRefusal(413, 'body', 'body_too_large'),
  FST_FIELDS_LIMIT: () => new FormRefusal(413, 'body', 'body_too_large'),
  FST_PROTO_VIOLATION: () => new FormRefusal(400, 'body', 'malformed'),
};

function asRefusal(error: FastifyError): FormRefusal | undefined {
  if (error instanceof FormRefusal) return error;
  if (error.validation) return refusalOfValidation(error.validation[0] as never, error.validationContext);
  const known = error.code ? FRAMEWORK_REFUSALS[error.code] : undefined;
  return known?.();
}

/** The client went away before its body arrived whole: its failure, not the server's or the storage's. */
function clientAborted(request: FastifyRequest, error: FastifyError): boolean {
  return !request.raw.complete && (request.raw.destroyed || error.code === 'ECONNRESET' || error.message === 'aborted');
}

function messagesFor(request: FastifyRequest) {
  return request.server.forms.texts.messages(requestLanguage(request));
}

const errorHandler: FastifyPluginAsync<{ pages: PageHandler }> = async (app, { pages }) => {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (!isStorageFailure(error) && !(error instanceof FormRefusal) && clientAborted(request, error)) {
      // Common and harmless (a closed tab, a lost train signal); nobody is left to read an answer.
      request.log.debug({ err: error }, 'client aborted the request');
      return reply.code(400).send(refusalBody(new FormRefusal(400, 'body', 'upload_broken'), messagesFor(request)));
    }
    // A full disk, an I/O error, an unreachable database, Redis or bucket: nothing was stored, so the client is told to come back.
    const databaseFailed = isStorageFailure(error);
    const bucketFailed = isObjectStorageUnavailable(error);
    const storageFailed = databaseFailed || bucketFailed || isRedisUnavailable(error);
    if (databaseFailed) app.storage.failed(error);
    if (bucketFailed) request.log.error({ err: error }, 'uploaded files could not be stored; answered 503');
    if (storageFailed) reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
    const refusal = storageFailed ? new FormRefusal(503, 'request', 'storage_unavailable') : asRefusal(error);
    if (refusal) {
      const body = refusalBody(refusal, messagesFor(request));
      // A browser's plain form post gets its page back, with the message at the field and what was typed.
      const page = isPlainFormPost(request) ? formPageOf(request) : undefined;
      if (page) {
        const formEcho = { values: echoedValues(request), field: body.field, message: body.message, code: body.code };
        if (await pages.handle(request, reply, { path: page, status: refusal.statusCode, formEcho })) return reply;
      }
      return reply.code(refusal.statusCode).send(body);
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(status)
        .send({ statusCode: status, error: 'Internal Server Error', message: messagesFor(request).server_error });
    }
    // Any other refusal keeps the shape of ours, so a client reads every 4xx the same way.
    return reply
      .code(status)
      .send({ statusCode: status, error: error.name, field: 'request', code: 'invalid', message: error.message });
  });

  app.setNotFoundHandler((request, reply) => {
    // The path is not echoed: an answer never repeats what the request sent.
    reply.code(404).send({
      statusCode: 404,
      error: 'Not Found',
      field: 'path',
      code: 'not_found',
      message: messagesFor(request).not_found,
    });
  });
};

export const errorHandlerPlugin = fp(errorHandler, { name: 'error-handler', dependencies: ['forms', 'database'] });
