// The types of site-characters.mjs for the TypeScript tests.
/** Every character a page of the site can show, as a sorted string (root: the project folder). */
export function siteCharacters(root: string): Promise<string>;
