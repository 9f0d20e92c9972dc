/** One paragraph or several, always as a list. */
export function paragraphsOf(text: string | readonly string[]): readonly string[] {
  return typeof text === 'string' ? [text] : text;
}
