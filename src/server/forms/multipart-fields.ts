/**
 * A plain HTML form's post sent as multipart/form-data, read from a buffer that the route's
 * body limit already bounded. The multipart plugin would keep up to 30 fields of any size in
 * memory outside that limit while the body trickles in; here the whole body counts against
 * it, as for urlencoded and JSON. Files are refused: the text forms take none.
 */

import type { IncomingHttpHeaders } from 'node:http';
import { Busboy } from '@fastify/busboy';
import { FormRefusal } from './refusal.ts';

export interface MultipartFieldLimits {
  fields: number;
  /** Bytes of one field's value. */
  fieldSize: number;
}

export type MultipartFields = Record<string, string | string[]>;

/** A form field's value: a name sent again (checkboxes of one list) makes a list of its values. */
export function addField(fields: Record<string, unknown>, name: string, value: string): void {
  const existing = fields[name];
  fields[name] =
    existing === undefined ? value : [...(Array.isArray(existing) ? (existing as unknown[]) : [existing]), value];
}

export function parseMultipartFields(
  headers: IncomingHttpHeaders,
  body: Buffer,
  limits: MultipartFieldLimits,
): Promise<MultipartFields> {
  return new Promise((resolve, reject) => {
    // An empty form is still a form: the schema then names the first field it lacks.
    if (body.length === 0) return resolve(Object.create(null) as MultipartFields);
    // No prototype: a field named like an Object.prototype member cannot reach one.
    const fields = Object.create(null) as MultipartFields;
    let refusal: FormRefusal | undefined;
    const refuse = (error: FormRefusal) => {
      refusal ??= error;
    };
    let parser: InstanceType<typeof Busboy>;
    try {
      parser = new Busboy({
        headers: headers as IncomingHttpHeaders & { 'content-type': string },
        limits: { fields: limits.fields, fieldSize: limits.fieldSize, files: 0, parts: limits.fields },
      });
    } catch {
      reject(new FormRefusal(415, 'content-type', 'unsupported_type'));
      return;
    }
    parser.on('field', (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      // The names a parser of this kind would place on an object's prototype are refused outright, as before.
      if (name in Object.prototype) return refuse(new FormRefusal(400, 'body', 'unknown_field'));
      if (valueTruncated) return refuse(new FormRefusal(413, 'body', 'body_too_large'));
      addField(fields, name, value);
    });
    parser.on('file', (_name: string, stream: NodeJS.ReadableStream) => {
      stream.resume();
      refuse(new FormRefusal(413, 'files', 'unsupported_type'));
    });
    parser.on('filesLimit', () => refuse(new FormRefusal(413, 'files', 'unsupported_type')));
    parser.on('fieldsLimit', () => refuse(new FormRefusal(413, 'body', 'body_too_large')));
    parser.on('partsLimit', () => refuse(new FormRefusal(413, 'body', 'body_too_large')));
    // A body cut short or not multipart at all; the parser may end without 'finish' then.
    parser.on('error', () => reject(refusal ?? new FormRefusal(400, 'body', 'malformed')));
    parser.on('finish', () => (refusal ? reject(refusal) : resolve(fields)));
    parser.end(body);
  });
}
