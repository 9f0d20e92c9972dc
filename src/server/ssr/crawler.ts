/** Crawlers and link previewers get the whole document at once, with nothing behind streaming scripts. */
const CRAWLER_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|bingpreview|facebookexternalhit|facebookcatalog|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegram|skypeuripreview|lighthouse|google-inspectiontool|duckduck|yandex|baidu|applebot|semrush|ahrefs|archive\.org/i;

export function isCrawler(userAgent: string | undefined): boolean {
  return userAgent !== undefined && CRAWLER_PATTERN.test(userAgent);
}
