import Type, { type Static } from 'typebox';
import { strict, Text } from './common.ts';

/**
 * Tools and features of a technology. Entries may arrive empty from the editors'
 * spreadsheet export; the block drops those (see blocks/tools-rules.ts).
 */
export const ToolsSchema = Type.Object(
  {
    headline: Text,
    text: Type.Optional(Text),
    items: Type.Array(Type.Object({ name: Type.String(), text: Type.String() }, strict)),
  },
  strict,
);
export type ToolsContent = Static<typeof ToolsSchema>;
