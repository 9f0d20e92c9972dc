/**
 * PageHead as the browser renders it: the client build puts this module in place of
 * page-head.tsx (BROWSER_VARIANTS in build.mjs). The server's head tags are in the document
 * already, so hydration renders none and no first load carries the code that writes them. Once
 * the page is live the tags' module loads (page-head-live.tsx) and takes the server's tags over;
 * from then on React writes each page's own on every client-side navigation.
 *
 * The module is loaded by hand, not with lazy() and Suspense: React creates the head elements of
 * a tree that suspended hidden, and shows them only once the whole tree is ready.
 */
import { useEffect, useState } from 'react';
import type { PageHead as ServerPageHead } from './page-head-tags.tsx';

export const PageHead: typeof ServerPageHead = (props) => {
  const [Live, setLive] = useState<typeof ServerPageHead | null>(null);
  // The layout renders one page head for the life of the document, so it loads the module once.
  useEffect(() => {
    void import('./page-head-live.tsx').then((module) => setLive(() => module.PageHead));
  }, []);
  return Live ? <Live {...props} /> : null;
};
