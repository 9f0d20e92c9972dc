/**
 * The browser entry. React and React DOM (the vendor chunk) are evaluated with the entry; the
 * router and the site (the app chunk) in a later task, with the browser free in between:
 * evaluated as one module graph they held the main thread for one long task, and a tap during
 * start-up waited for all of it.
 */
import '../src/app/styles/index.css';
import 'react';
import 'react/jsx-runtime';
import 'react-dom/client';
import { nextTask } from './next-task.ts';

async function start(): Promise<void> {
  await nextTask();
  const { hydrate } = await import('./first-load.ts');
  await hydrate();
}

void start();
