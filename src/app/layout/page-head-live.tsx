/**
 * The page head once the page is live (see page-head.browser.tsx), loaded on demand. React does
 * not adopt head elements it did not render (it creates its own when it mounts them), so each
 * tag the server wrote is removed once React has written its own of the same kind. An error
 * page's title, which the page head does not write, stays.
 */
import { useLayoutEffect } from 'react';
import { PageHead as PageHeadTags } from './page-head-tags.tsx';

/** The kinds of tags page-head-tags.tsx writes. */
const HEAD_TAGS =
  'title, meta[name="description"], meta[name="robots"], meta[name^="twitter:"], meta[property^="og:"], link[rel="canonical"], link[rel="alternate"][hreflang]';

const kindOf = (element: Element) =>
  ['name', 'property', 'rel', 'hreflang'].reduce(
    (kind, attribute) => `${kind} ${element.getAttribute(attribute) ?? ''}`,
    element.tagName,
  );

/** Read when this module is evaluated, before React has written any tags: these are the server's. */
const served = [...document.head.querySelectorAll(HEAD_TAGS)];

export const PageHead: typeof PageHeadTags = (props) => {
  // After React has written its tags and before the browser paints or reads the head again.
  useLayoutEffect(() => {
    if (served.length === 0) return;
    const written = new Set(
      [...document.head.querySelectorAll(HEAD_TAGS)].filter((element) => !served.includes(element)).map(kindOf),
    );
    for (const element of served.splice(0)) if (written.has(kindOf(element))) element.remove();
  });
  return <PageHeadTags {...props} />;
};
