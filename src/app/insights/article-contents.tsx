/**
 * A long article's table of contents: its section headlines as links, so a reader sees the whole
 * argument before reading and jumps to the part they came for. Beside the text on wide screens
 * (it stays in view while the text scrolls), above it on narrow ones.
 */
import { slugOf } from '../i18n/slug.ts';

/** Fewer sections than this read well without a map. */
export const CONTENTS_MIN_SECTIONS = 4;

/** The anchor of a section: its headline as a slug, numbered where two headlines would give the same. */
export function sectionAnchors(headlines: readonly (string | undefined)[]): (string | undefined)[] {
  const used = new Set<string>();
  return headlines.map((headline, index) => {
    if (!headline) return undefined;
    const base = slugOf(headline) || `section-${index + 1}`;
    let anchor = base;
    for (let n = 2; used.has(anchor); n += 1) anchor = `${base}-${n}`;
    used.add(anchor);
    return anchor;
  });
}

export function ArticleContents({
  title,
  sections,
}: {
  title: string;
  sections: readonly { headline: string; anchor: string }[];
}) {
  if (sections.length < CONTENTS_MIN_SECTIONS) return null;
  return (
    <nav className="article-contents" aria-labelledby="article-contents-title">
      <h2 id="article-contents-title" className="article-contents__title">
        {title}
      </h2>
      <ol className="article-contents__list">
        {sections.map((section) => (
          <li key={section.anchor}>
            <a href={`#${section.anchor}`}>{section.headline}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
