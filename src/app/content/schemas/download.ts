import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';

/** A document to download; file is relative to the served downloads folder (static/downloads). */
export const DownloadSchema = Type.Object(
  {
    headline: Text,
    text: Text,
    file: Type.String({ pattern: '^(en|de)/[a-z0-9-]+\\.pdf$' }),
    link_text: Text,
    format: Text,
  },
  strict,
);
export type DownloadContent = Static<typeof DownloadSchema>;
