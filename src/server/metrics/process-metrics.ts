/**
 * prom-client's default process and event-loop metrics, into one app's registry, with a way
 * to stop them when the app closes.
 *
 * collectDefaultMetrics starts an event-loop delay monitor and a garbage collection observer
 * for each registry and offers no teardown (prom-client issues #494 and #500), so every app
 * built in one process would leave both running, the observer holding the app's registry.
 * They are caught as prom-client makes them (it looks both up on node:perf_hooks at that
 * moment) and stopped with the app. The lookups are swapped only for that one synchronous
 * call, so no other code ever sees them.
 */
import perfHooks, { type ELDHistogram, type PerformanceObserverCallback } from 'node:perf_hooks';
import { collectDefaultMetrics, type Registry } from 'prom-client';

/** node:perf_hooks as the object prom-client reads at run time, whose members can be swapped. */
interface PerfHooksExports {
  monitorEventLoopDelay: typeof perfHooks.monitorEventLoopDelay;
  PerformanceObserver: typeof perfHooks.PerformanceObserver;
}

/** Starts the default metrics in `registry`; the answer stops what they keep running. */
export function collectProcessMetrics(registry: Registry): () => void {
  const hooks = perfHooks as PerfHooksExports;
  const { monitorEventLoopDelay, PerformanceObserver } = hooks;
  const monitors: ELDHistogram[] = [];
  const observers: InstanceType<typeof PerformanceObserver>[] = [];
  hooks.monitorEventLoopDelay = (options) => {
    const monitor = monitorEventLoopDelay(options);
    monitors.push(monitor);
    return monitor;
  };
  hooks.PerformanceObserver = class extends PerformanceObserver {
    constructor(callback: PerformanceObserverCallback) {
      super(callback);
      observers.push(this);
    }
  };
  try {
    collectDefaultMetrics({ register: registry });
  } finally {
    hooks.monitorEventLoopDelay = monitorEventLoopDelay;
    hooks.PerformanceObserver = PerformanceObserver;
  }
  return () => {
    for (const monitor of monitors) monitor.disable();
    for (const observer of observers) observer.disconnect();
  };
}
