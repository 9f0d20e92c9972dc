/**
 * One page view's Web Vitals as the browser sends them and the server counts them: the route
 * id of the view, how the view began, and the values measured on it. Nothing else travels:
 * no address, no time, no identifier, so a report says nothing about who sent it. A report
 * names at least one value.
 */

/**
 * How a view began: `load` is a document the browser loaded (LCP and TTFB exist), `client` a
 * view the router showed after a click (the standards define neither LCP nor TTFB for it).
 */
export const VIEW_NAVIGATIONS = ['load', 'client'] as const;
export type ViewNavigation = (typeof VIEW_NAVIGATIONS)[number];

export interface WebVitalsReport {
  /** The id of the view's route in the route table (src/app/paths.ts). */
  route: string;
  navigation: ViewNavigation;
  /** Cumulative Layout Shift: the largest session window of the view (no unit); absent where the browser does not measure layout shifts. */
  cls?: number;
  /** Interaction to Next Paint in milliseconds; absent when nobody interacted with the view. */
  inp?: number;
  /** Largest Contentful Paint in milliseconds; loads only, absent when the page was hidden before it. */
  lcp?: number;
  /** Time to First Byte in milliseconds; loads only. */
  ttfb?: number;
}
