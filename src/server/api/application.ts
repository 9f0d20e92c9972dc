/**
 * POST /api/application: a job application as multipart, the CV and up to five further
 * files streamed to disk and checked by their bytes. Nothing is kept of a refused or
 * broken upload; an accepted one is stored with its files and mails in one transaction.
 */

import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FORMS } from '#app/forms/form-definitions.ts';
import { FORM_BODY_SCHEMAS } from '#app/forms/form-schemas.ts';
import { answerAccepted, isBot } from '../forms/accept.ts';
import { createFieldValidator } from '../forms/field-validator.ts';
import { FORM_BODY_LIMIT, normaliseFormFields } from '../forms/form-parsers.ts';
import { addField } from '../forms/multipart-fields.ts';
import { receivedMails } from '../forms/received-mails.ts';
import { FormRefusal } from '../forms/refusal.ts';
import { acceptedResponseSchema, refusalResponseSchema, withoutFormControls } from '../forms/schemas.ts';
import { type StoredAttachment, saveSubmission } from '../forms/submissions.ts';
import { clientKey } from '../http/client-address.ts';
import type { ApiPlugin } from '../http/type-provider.ts';
import { STORAGE_RETRY_AFTER_SECONDS } from '../plugins/error-handler.ts';
import { UPLOAD_FOLDER_MODE, uploadsDirOf } from '../uploads/attachment-store.ts';
import { safeFileName } from '../uploads/file-name.ts';
import { detectFileType, type FileType } from '../uploads/file-type.ts';
import { freeBytes } from '../uploads/free-disk.ts';
import { FileTooLargeError, type SavedFile, saveStream } from '../uploads/save-stream.ts';
import { createTypeCheckSlots } from '../uploads/type-check-slots.ts';
import { createUploadQuota } from '../uploads/upload-quota.ts';

/** The application's text fields, as the form table names them; its files are checked as they stream in, below. */
const FIELDS_SCHEMA = FORM_BODY_SCHEMAS.application;
type FileFieldRule = Extract<(typeof FORMS.application.fields)[number], { kind: 'file' | 'files' }>;
/** The form table's file fields: the CV (one) and the additional files (several). */
const FILE_RULES = FORMS.application.fields.filter(
  (field): field is FileFieldRule => field.kind === 'file' || field.kind === 'files',
);

interface ReceivedFile extends SavedFile {
  field: FileFieldRule['name'];
  originalName: string;
  type: FileType;
}

/** A part's name to its file field; a field of several files may also come as `name[]`, as PHP-style forms send it. */
const FILE_FIELDS: ReadonlyMap<string, ReceivedFile['field']> = new Map(
  FILE_RULES.flatMap((rule): [string, ReceivedFile['field']][] =>
    rule.kind === 'files'
      ? [
          [rule.name, rule.name],
          [`${rule.name}[]`, rule.name],
        ]
      : [[rule.name, rule.name]],
  ),
);
const MB = 1024 * 1024;

const TEMP_FOLDER = '.incoming';
/** Room for the multipart framing around the files and fields: boundaries and part headers. */
const FRAMING_BYTES = 64 * 1024;
/** What an upload holds in memory at once besides its text fields: a chunk on its way to disk, and the parser's. */
const STREAM_BUFFER_BYTES = 64 * 1024;
/** When a client whose file found no turn to be checked may send it again: the waiting checks take seconds at most. */
const TYPE_CHECK_RETRY_AFTER_SECONDS = 5;

export const applicationApi: ApiPlugin = async (app) => {
  const { config } = app.forms;
  const limits = config.uploads;
  const uploadsDir = uploadsDirOf(config.dataDir);
  const tempDir = path.join(uploadsDir, TEMP_FOLDER);
  // Files of uploads cut off by a crash are never anybody's; start clean.
  await rm(tempDir, { recursive: true, force: true });
  await mkdir(tempDir, { recursive: true, mode: UPLOAD_FOLDER_MODE });
  const validateFields = createFieldValidator(FIELDS_SCHEMA);
  const quota = createUploadQuota({
    bytes: limits.quotaBytes,
    windowMs: limits.quotaWindowMs,
    redis: app.sharedLimits?.redis,
  });
  const typeChecks = createTypeCheckSlots();
  /** The largest body an application can be: every file at its limit, the text fields and the framing. */
  const maxBodyBytes =
    limits.cvMaxBytes + limits.additionalMaxCount * limits.additionalMaxBytes + FORM_BODY_LIMIT + FRAMING_BYTES;

  /**
   * Before a byte of the body is read: its announced size must fit the largest application,
   * the free disk above its floor and the client's upload quota. What is refused here is never
   * stored: after the answer Node reads the rest of the body and throws it away, so the
   * browser shows the answer instead of a reset connection.
   */
  async function admit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const refuse = (refusal: FormRefusal, retryAfterSeconds?: number) => {
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
      return refusal;
    };
    const declared = request.headers['content-length'];
    // Browsers always announce the size of a form they upload; a stream of unknown length could not be checked first.
    if (declared === undefined || !/^\d+$/.test(declared))
      throw refuse(new FormRefusal(411, 'body', 'length_required'));
    const length = Number(declared);
    if (length > maxBodyBytes) throw refuse(new FormRefusal(413, 'body', 'body_too_large'));
    if ((await freeBytes(tempDir)) - length < limits.minFreeDiskBytes) {
      app.metrics.limitRefused('free_disk');
      request.log.warn(
        { minFreeDiskBytes: limits.minFreeDiskBytes },
        'application refused: free disk space in DATA_DIR is below MIN_FREE_DISK_MB',
      );
      throw refuse(new FormRefusal(503, 'request', 'storage_unavailable'), STORAGE_RETRY_AFTER_SECONDS);
    }
    if (!(await quota.take(clientKey(request.ip), length))) {
      app.metrics.limitRefused('upload_quota');
      request.log.info({ client: clientKey(request.ip) }, 'application refused: upload quota of the address used up');
      const untilNextWindow = limits.quotaWindowMs - (Date.now() % limits.quotaWindowMs);
      throw refuse(new FormRefusal(429, 'body', 'upload_quota'), Math.ceil(untilNextWindow / 1000));
    }
  }

  await app.register(multipart, {
    limits: {
      fileSize: Math.max(limits.cvMaxBytes, limits.additionalMaxBytes),
      files: 1 + limits.additionalMaxCount + 1,
      fields: 30,
      fieldSize: 16 * 1024,
      parts: 40,
    },
  });

  async function receiveFile(part: MultipartFile, files: ReceivedFile[], reply: FastifyReply): Promise<void> {
    const field = FILE_FIELDS.get(part.fieldname);
    if (!field) throw new FormRefusal(400, part.fieldname, 'invalid');
    if (field === 'cv' && files.some((file) => file.field === 'cv')) throw new FormRefusal(400, 'cv', 'invalid');
    if (
      field === 'additionals' &&
      files.filter((file) => file.field === 'additionals').length >= limits.additionalMaxCount
    ) {
      throw new FormRefusal(413, 'additionals', 'too_many_files', { max: limits.additionalMaxCount });
    }
    const maxBytes = field === 'cv' ? limits.cvMaxBytes : limits.additionalMaxBytes;
    let saved: SavedFile;
    try {
      saved = await saveStream(part.file, tempDir, maxBytes);
    } catch (error) {
      if (error instanceof FileTooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new FormRefusal(413, field, 'file_too_large', { max: Math.round(maxBytes / MB) });
      }
      throw error;
    }
    if (saved.size === 0) {
      // An empty file input of a plain HTML form: nothing was chosen.
      await rm(saved.path, { force: true });
      return;
    }
    const checked = await typeChecks.run(() => detectFileType(saved.path));
    if (!checked) {
      await rm(saved.path, { force: true });
      app.metrics.limitRefused('type_checks');
      reply.log.warn(typeChecks.stats(), 'application refused: too many files waiting to be checked');
      reply.header('retry-after', String(TYPE_CHECK_RETRY_AFTER_SECONDS));
      throw new FormRefusal(503, field, 'busy');
    }
    const type = checked.value;
    if (!type) {
      await rm(saved.path, { force: true });
      throw new FormRefusal(415, field, 'file_type');
    }
    files.push({ ...saved, field, originalName: part.filename, type });
  }

  /** Reads every part; on any failure the files received so far are removed. */
  async function receive(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ fields: Record<string, unknown>; files: ReceivedFile[] }> {
    // No prototype: a part named __proto__ or toString is just a name.
    const fields = Object.create(null) as Record<string, unknown>;
    const files: ReceivedFile[] = [];
    // The text fields are held in memory; together they get no more room than a text form's body.
    let fieldBytes = 0;
    // The error handler shows a refused plain post's page with what was typed so far.
    request.body = fields;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          await receiveFile(part, files, reply);
          continue;
        }
        const name = part.fieldname.replace(/\[\]$/, '');
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        fieldBytes += Buffer.byteLength(part.fieldname) + Buffer.byteLength(value);
        if (fieldBytes > FORM_BODY_LIMIT) throw new FormRefusal(413, 'body', 'body_too_large');
        // Empty fields count as not sent.
        if (value.trim() === '') continue;
        addField(fields, name, value);
      }
      return { fields, files };
    } catch (error) {
      await Promise.all(files.map((file) => rm(file.path, { force: true })));
      if (error instanceof FormRefusal) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE')
        throw new FormRefusal(413, 'cv', 'file_too_large', { max: Math.round(limits.cvMaxBytes / MB) });
      // A part named like an Object.prototype member (__proto__, toString) is refused by the parser before its name reaches us.
      if (code === 'FST_PROTO_VIOLATION') throw new FormRefusal(400, 'body', 'unknown_field');
      if (code === 'FST_FILES_LIMIT')
        throw new FormRefusal(413, 'additionals', 'too_many_files', { max: limits.additionalMaxCount });
      if (
        code?.startsWith('FST_') ||
        (error as Error).message?.includes('Unexpected end of form') ||
        request.raw.aborted ||
        request.raw.destroyed
      ) {
        throw new FormRefusal(400, 'body', 'upload_broken');
      }
      throw error;
    }
  }

  app.post(
    '/',
    {
      config: { bodyInMemory: FORM_BODY_LIMIT + STREAM_BUFFER_BYTES },
      schema: {
        consumes: ['multipart/form-data'],
        response: { 201: acceptedResponseSchema, '4xx': refusalResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new FormRefusal(415, 'content-type', 'unsupported_type');
      await admit(request, reply);
      const { fields, files } = await receive(request, reply);
      const discard = () => Promise.all(files.map((file) => rm(file.path, { force: true })));

      normaliseFormFields(FIELDS_SCHEMA, fields);
      const checked = validateFields(fields);
      if (!checked.ok) {
        await discard();
        throw checked.refusal;
      }
      const application = withoutFormControls(checked.value);
      if (isBot(checked.value)) {
        await discard();
        return answerAccepted(request, reply, {
          form: 'application',
          language: application.language,
          status: 'received',
        });
      }
      const missing = FILE_RULES.find((rule) => rule.required && !files.some((file) => file.field === rule.name));
      if (missing) {
        await discard();
        throw new FormRefusal(400, missing.name, 'file_required');
      }

      const id = randomUUID();
      const store = app.attachments;
      const attachments: StoredAttachment[] = files.map((file, index) => ({
        field: file.field,
        fileName: safeFileName(file.originalName, file.type.extension),
        storedPath: store.placeOf(id, `${index + 1}-${safeFileName(file.originalName, file.type.extension)}`),
        contentType: file.type.mime,
        size: file.size,
        sha256: file.sha256,
      }));
      const { language, ...shown } = application;
      const now = new Date();
      const kept = files.map((file) => ({
        path: file.path,
        size: file.size,
        sha256: file.sha256,
        contentType: file.type.mime,
      }));
      try {
        // Files kept on disk or in a bucket take their place first; a failure below removes them.
        for (const [index, file] of kept.entries()) await store.store(file, attachments[index]!.storedPath);
        await saveSubmission(
          app.db,
          {
            form: 'application',
            language,
            email: application.email,
            name: application.name,
            payload: shown,
            status: 'received',
          },
          {
            id,
            now,
            attachments,
            // Files kept in the database are written by the submission's own transaction.
            beforeCommit: async (tx) => {
              for (const [index, file] of kept.entries())
                await store.storeInTransaction(tx, file, attachments[index]!.storedPath);
            },
            mails: (reference) =>
              receivedMails({
                forms: app.forms,
                form: 'application',
                language,
                recipients: config.mail.recipients.jobs,
                sender: { email: application.email, name: application.name },
                reference,
                submittedAt: now.toISOString(),
                fields: shown,
                thankYou: 'application_thank_you',
                attachments: attachments.map((file) => ({
                  filename: file.fileName,
                  path: file.storedPath,
                  contentType: file.contentType,
                })),
              }),
          },
        );
      } catch (error) {
        // Nothing was stored; the failure that says why is the one the client hears about.
        await store
          .forget(id)
          .catch((forgetError: unknown) =>
            request.log.error(
              { err: forgetError, submission: id },
              'files of a failed submission not removed; the retention sweep removes them',
            ),
          );
        await discard();
        throw error;
      }
      // Files kept in the database or a bucket were copied, not moved; the received ones go.
      await discard();
      app.metrics.submissionStored('application');
      app.metrics.uploadAccepted(files.reduce((bytes, file) => bytes + file.size, 0));
      app.outbox.kick();
      request.log.info({ submission: id, form: 'application', files: files.length }, 'application stored');
      return answerAccepted(request, reply, { form: 'application', language, id, status: 'received' });
    },
  );
};
