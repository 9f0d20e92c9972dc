/**
 * Real visitors' Web Vitals as Prometheus histograms, by the route id of the view they were
 * measured on. Only these totals are kept: a report adds one observation to each histogram it
 * has a value for and is gone. The route label comes from the route table and the navigation
 * label from a list of two, so the series stay bounded whatever clients send.
 */
import { Histogram, type Registry } from 'prom-client';
import type { WebVitalsReport } from '#app/web-vitals/report.ts';

/**
 * Bucket edges per metric, each including the standard's "good" and "poor" thresholds, so the
 * share of good views is one bucket over the count: LCP 2.5 s and 4 s, INP 200 ms and 500 ms,
 * CLS 0.1 and 0.25, TTFB 0.8 s and 1.8 s.
 */
export const WEB_VITALS_BUCKETS = {
  lcp: [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10, 20],
  inp: [0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 1, 2, 5],
  cls: [0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.5, 1, 2],
  ttfb: [0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.4, 1.8, 3, 6],
} as const;

export const WEB_VITALS_METRIC_NAMES = {
  lcp: 'web_vitals_lcp_seconds',
  inp: 'web_vitals_inp_seconds',
  cls: 'web_vitals_cls',
  ttfb: 'web_vitals_ttfb_seconds',
} as const;

export type WebVitalsRecorder = (report: WebVitalsReport) => void;

export function createWebVitalsMetrics(registry: Registry): WebVitalsRecorder {
  const registers = [registry];
  const lcp = new Histogram({
    name: WEB_VITALS_METRIC_NAMES.lcp,
    help: 'Largest Contentful Paint of page loads reported by visitors’ browsers (sampled), by route id.',
    labelNames: ['route'] as const,
    buckets: [...WEB_VITALS_BUCKETS.lcp],
    registers,
  });
  const ttfb = new Histogram({
    name: WEB_VITALS_METRIC_NAMES.ttfb,
    help: 'Time to First Byte of page loads reported by visitors’ browsers (sampled), by route id.',
    labelNames: ['route'] as const,
    buckets: [...WEB_VITALS_BUCKETS.ttfb],
    registers,
  });
  const inp = new Histogram({
    name: WEB_VITALS_METRIC_NAMES.inp,
    help: 'Interaction to Next Paint of page views with an interaction, reported by visitors’ browsers (sampled), by route id and navigation (load or client).',
    labelNames: ['route', 'navigation'] as const,
    buckets: [...WEB_VITALS_BUCKETS.inp],
    registers,
  });
  const cls = new Histogram({
    name: WEB_VITALS_METRIC_NAMES.cls,
    help: 'Cumulative Layout Shift (largest session window) of page views reported by visitors’ browsers (sampled), by route id and navigation (load or client).',
    labelNames: ['route', 'navigation'] as const,
    buckets: [...WEB_VITALS_BUCKETS.cls],
    registers,
  });
  return (report) => {
    const { route, navigation } = report;
    if (report.cls !== undefined) cls.observe({ route, navigation }, report.cls);
    if (report.inp !== undefined) inp.observe({ route, navigation }, report.inp / 1000);
    if (report.lcp !== undefined) lcp.observe({ route }, report.lcp / 1000);
    if (report.ttfb !== undefined) ttfb.observe({ route }, report.ttfb / 1000);
  };
}
