/** The browser's content, insights and careers sources, loaded together when the first of them is used (see on-demand-sources.ts). */
import { createFetchCareersSource } from '#app/careers/fetch-careers-source.ts';
import { createFetchContentSource } from '#app/content/fetch-content-source.ts';
import { createFetchInsightsSource } from '#app/insights/fetch-insights-source.ts';

export function createBrowserSources(assetsBaseUrl: string) {
  return {
    content: createFetchContentSource(assetsBaseUrl),
    insights: createFetchInsightsSource(),
    careers: createFetchCareersSource(),
  };
}
