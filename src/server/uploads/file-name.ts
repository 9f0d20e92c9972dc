/** A safe file name to store and to attach: plain letters, digits, dots and dashes, with the extension of the real type. */
export function safeFileName(original: string, extension: string): string {
  const base = original
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .replace(/-{2,}/g, '-')
    .slice(0, 80);
  return `${base || 'file'}.${extension}`;
}
