/** Text and attribute values for XML answers (feeds, the sitemap): the five characters XML gives meaning to. */
const ENTITIES: Readonly<Record<string, string>> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&apos;',
  '"': '&quot;',
};

export const escapeXml = (text: string): string => text.replace(/[<>&'"]/g, (char) => ENTITIES[char] ?? char);
