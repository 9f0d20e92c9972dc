/** Links stylesheets into the document, each once, and tells when they apply. */

/** Resolves once the linked sheet applies, or failed to load (the page then shows, if plainer, rather than not at all). */
function applied(link: HTMLLinkElement): Promise<void> {
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}

function linkStylesheet(href: string): Promise<void> {
  const present = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find(
    (link) => link.getAttribute('href') === href,
  );
  if (present) return applied(present);
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const done = applied(link);
  document.head.append(link);
  return done;
}

export async function linkStylesheets(hrefs: readonly string[]): Promise<void> {
  await Promise.all(hrefs.map(linkStylesheet));
}
