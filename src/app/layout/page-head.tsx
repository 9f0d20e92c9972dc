/**
 * The page's head tags as the server renders them: at once, in the shell, so the title and the
 * canonical address come with the first bytes. The client build puts page-head.browser.tsx in
 * place of this module (BROWSER_VARIANTS in build.mjs).
 */
export { PageHead } from './page-head-tags.tsx';
