/**
 * Measures each page view's Web Vitals and sends them once per view, then forgets them.
 *
 * A view is the document the browser loaded (`load`) or a page the router showed after a
 * click (`client`); it is named by its route id. Entries are given to the view that was on
 * screen at their start time. LCP and TTFB belong to loads only: for a client view the
 * standards define neither, so it reports CLS and INP alone. A view is reported when the
 * router leaves it (a second later, as the browser reports an interaction only after the paint
 * that answered it), or when the page is hidden or left, whichever comes first; what happens
 * on a view after it was reported is not sent. A view begun before this module ran (the
 * visitor clicked on before the page was idle) is not reported, since its start is unknown.
 * Each metric is sent only where the browser measures it (no CLS without layout-shift entries).
 * Stopped, it sends nothing more, not even the view on screen (statistics consent withdrawn).
 */

import { WEB_VITALS_API } from '#app/api-paths.ts';
import { matchPageRoute } from '#app/match-page.ts';
import type { ViewNavigation, WebVitalsReport } from '#app/web-vitals/report.ts';
import {
  createInteractionLatency,
  EVENT_DURATION_THRESHOLD_MS,
  type InteractionLatency,
} from './interaction-latency.ts';
import { createLayoutShiftScore, type LayoutShiftScore } from './layout-shift-score.ts';

interface Location {
  readonly pathname: string;
}

/** The router as the reporter needs it: where the visitor is, and a call when that changes. */
export interface ViewSource {
  readonly state: { readonly location: Location };
  subscribe(listener: (state: { readonly location: Location }) => void): () => void;
}

interface View {
  /** The route id; undefined for a view that is not reported (no route, or its start unknown). */
  readonly route: string | undefined;
  readonly navigation: ViewNavigation;
  readonly start: number;
  end: number;
  readonly shifts: LayoutShiftScore;
  readonly interactions: InteractionLatency;
  /** Whether the visitor clicked or typed, seen even when every answer was faster than the browser reports. */
  interacted: boolean;
}

/** Not yet in TypeScript's DOM types. */
interface LayoutShiftEntry extends PerformanceEntry {
  readonly value: number;
  readonly hadRecentInput: boolean;
}
type ObserveOptions = PerformanceObserverInit & { durationThreshold?: number };
/** When a prerendered page was shown; 0 for a page loaded in view. */
type NavigationEntry = PerformanceNavigationTiming & { readonly activationStart?: number };

/** The inputs that mark a view as interacted with. */
const INPUT_EVENTS = ['click', 'keydown'];

/** How long a view the router left still takes entries before it is sent. */
const SETTLE_MS = 1_000;

const supports = (type: string) => PerformanceObserver.supportedEntryTypes?.includes(type) ?? false;

function createView(route: string | undefined, navigation: ViewNavigation, start: number): View {
  return {
    route,
    navigation,
    start,
    end: Infinity,
    shifts: createLayoutShiftScore(),
    interactions: createInteractionLatency(),
    interacted: false,
  };
}

/** When the page was first hidden (LCP counts only what was painted before), Infinity while it never was. */
function firstHiddenTime(): number {
  const hidden = performance.getEntriesByType('visibility-state').find((entry) => entry.name === 'hidden');
  if (hidden) return hidden.startTime;
  return document.visibilityState === 'hidden' ? 0 : Infinity;
}

function send(report: WebVitalsReport): void {
  navigator.sendBeacon(WEB_VITALS_API, new Blob([JSON.stringify(report)], { type: 'application/json' }));
}

/** Starts measuring; returns the stop. */
export function startReporter(router: ViewSource): () => void {
  // Checked here rather than before loading, to keep the first load a few bytes lighter.
  if (typeof PerformanceObserver === 'undefined' || typeof navigator.sendBeacon !== 'function') return () => undefined;
  const measuresShifts = supports('layout-shift');
  const measuresInteractions = supports('event') && 'interactionId' in PerformanceEventTiming.prototype;
  const navigation = performance.getEntriesByType('navigation')[0] as NavigationEntry | undefined;
  const activationStart = navigation?.activationStart ?? 0;
  let firstHidden = firstHiddenTime();
  let largestPaint: number | undefined;

  const routeOf = (pathname: string) => matchPageRoute(pathname)?.route.id;
  let pathname = router.state.location.pathname;
  const loadedPath = navigation ? new URL(navigation.name).pathname : pathname;
  const views: View[] = [createView(pathname === loadedPath ? routeOf(pathname) : undefined, 'load', 0)];
  const viewAt = (time: number) => views.find((view) => view.start <= time && time < view.end);

  const observers: { observer: PerformanceObserver; handle: (entry: PerformanceEntry) => void }[] = [];
  const stops: (() => void)[] = [];
  const observe = <T extends PerformanceEntry>(
    type: string,
    handle: (entry: T) => void,
    options: ObserveOptions = {},
  ) => {
    if (!supports(type)) return;
    const each = (entry: PerformanceEntry) => handle(entry as T);
    const observer = new PerformanceObserver((list) => list.getEntries().forEach(each));
    observer.observe({ type, buffered: true, ...options });
    observers.push({ observer, handle: each });
  };
  // Entries the browser holds but has not handed over yet: taken before a view is sent.
  const takePending = () =>
    observers.forEach(({ observer, handle }) => {
      observer.takeRecords().forEach(handle);
    });

  observe('largest-contentful-paint', (entry) => {
    if (entry.startTime < firstHidden) largestPaint = entry.startTime;
  });
  observe<LayoutShiftEntry>('layout-shift', (entry) => {
    if (!entry.hadRecentInput) viewAt(entry.startTime)?.shifts.add(entry.startTime, entry.value);
  });
  if (measuresInteractions) {
    const onEvent = (entry: PerformanceEventTiming) => {
      if (entry.interactionId > 0) viewAt(entry.startTime)?.interactions.add(entry.interactionId, entry.duration);
    };
    observe('event', onEvent, { durationThreshold: EVENT_DURATION_THRESHOLD_MS });
    // The first input is reported whatever its duration, including one before this module ran.
    observe('first-input', onEvent);
    const interacted = (event: Event) => {
      const view = viewAt(event.timeStamp);
      if (view) view.interacted = true;
    };
    for (const type of INPUT_EVENTS) addEventListener(type, interacted, { capture: true, passive: true });
    stops.push(() => {
      for (const type of INPUT_EVENTS) removeEventListener(type, interacted, { capture: true });
    });
  }

  function reportOf(view: View): WebVitalsReport | undefined {
    if (view.route === undefined) return undefined;
    const report: WebVitalsReport = { route: view.route, navigation: view.navigation };
    if (measuresShifts) report.cls = view.shifts.value();
    // Interactions all answered within the threshold are known only to be that fast.
    const inp =
      view.interactions.value() ?? (measuresInteractions && view.interacted ? EVENT_DURATION_THRESHOLD_MS : undefined);
    if (inp !== undefined) report.inp = inp;
    if (view.navigation === 'load') {
      if (largestPaint !== undefined) report.lcp = Math.max(0, largestPaint - activationStart);
      if (navigation && navigation.responseStart > 0)
        report.ttfb = Math.max(0, navigation.responseStart - activationStart);
    }
    return Object.keys(report).length > 2 ? report : undefined;
  }

  function finish(view: View): void {
    const index = views.indexOf(view);
    if (index < 0) return;
    takePending();
    views.splice(index, 1);
    const report = reportOf(view);
    if (report) send(report);
  }
  const finishAll = () => [...views].forEach(finish);

  const unsubscribe = router.subscribe((state) => {
    if (state.location.pathname === pathname) return;
    pathname = state.location.pathname;
    const now = performance.now();
    const left = views.at(-1);
    views.push(createView(routeOf(pathname), 'client', now));
    if (left && left.end === Infinity) {
      left.end = now;
      setTimeout(() => finish(left), SETTLE_MS);
    }
  });
  const onVisibility = (event: Event) => {
    if (document.visibilityState !== 'hidden') return;
    firstHidden = Math.min(firstHidden, event.timeStamp);
    finishAll();
  };
  document.addEventListener('visibilitychange', onVisibility);
  addEventListener('pagehide', finishAll);

  return () => {
    // A view waiting to settle finds itself gone and sends nothing.
    views.length = 0;
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisibility);
    removeEventListener('pagehide', finishAll);
    for (const { observer } of observers) observer.disconnect();
    for (const stop of stops) stop();
  };
}
