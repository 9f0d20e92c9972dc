/**
 * PageHead as the browser renders it: the client build puts this module in place of
 * page-head.tsx (BROWSER_VARIANTS in build.mjs). The server's head tags are in the document
 * already, so hydration renders none and no first load carries the code that writes them. Once
 * the page is live the tags' module loads and renders the page's tags; from then on React writes
 * each page's own on every client-side navigation.
 *
 * React does not adopt head elements it did not render (it creates its own when it mounts them),
 * so each tag the server wrote is removed once React has written its own of the same kind. An
 * error page's title, which the page head does not write, stays.
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import type { PageHead as ServerPageHead } from './page-head-tags.tsx';

/** The kinds of tags page-head-tags.tsx writes. */
const HEAD_TAGS =
  'title, meta[name="description"], meta[name="robots"], meta[name^="twitter:"], meta[property^="og:"], link[rel="canonical"], link[rel="alternate"][hreflang]';

const kindOf = (element: Element) =>
  ['name', 'property', 'rel', 'hreflang'].reduce(
    (kind, attribute) => `${kind} ${element.getAttribute(attribute) ?? ''}`,
    element.tagName,
  );

let loadedTags: typeof ServerPageHead | null = null;

export const PageHead: typeof ServerPageHead = (props) => {
  const [Tags, setTags] = useState(() => loadedTags);
  // Read while hydrating, before React has written any: these are the server's.
  const [served] = useState(() => (loadedTags ? [] : [...document.head.querySelectorAll(HEAD_TAGS)]));

  useEffect(() => {
    if (Tags) return;
    let mounted = true;
    void import('./page-head-tags.tsx').then((module) => {
      loadedTags = module.PageHead;
      if (mounted) setTags(() => module.PageHead);
    });
    return () => {
      mounted = false;
    };
  }, [Tags]);

  // After React has written its tags and before the browser paints or reads the head again.
  useLayoutEffect(() => {
    if (!Tags || served.length === 0) return;
    const written = new Set(
      [...document.head.querySelectorAll(HEAD_TAGS)].filter((element) => !served.includes(element)).map(kindOf),
    );
    for (const element of served.splice(0)) if (written.has(kindOf(element))) element.remove();
  }, [Tags, served]);

  return Tags ? <Tags {...props} /> : null;
};
