/**
 * The browser entry. React, the router, React DOM and the site are each evaluated in a task of
 * their own, with the browser free in between: evaluated as one module graph they held the main
 * thread for one long task, and a tap during start-up waited for all of it.
 */
import '../src/app/styles/index.css';
import { nextTask } from './next-task.ts';

async function start(): Promise<void> {
  await import('react');
  await nextTask();
  await import('./router-runtime.ts');
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  const { hydrate } = await import('./hydrate.tsx');
  await hydrate();
}

void start();
