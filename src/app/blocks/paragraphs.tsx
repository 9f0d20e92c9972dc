/** Paragraphs of a text field that holds one or several. */
import { paragraphsOf } from './text.ts';

export function Paragraphs({ text, className }: { text: string | readonly string[]; className?: string }) {
  return (
    <>
      {paragraphsOf(text).map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a text's paragraphs are never reordered on the page, and have no id
        <p key={index} className={className}>
          {paragraph}
        </p>
      ))}
    </>
  );
}
