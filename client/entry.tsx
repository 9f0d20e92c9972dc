/**
 * The browser entry. React and React DOM (the vendor chunk) are evaluated with the entry; the
 * router and the site (the app chunk) in a later task, with the browser free in between:
 * evaluated as one module graph they held the main thread for one long task, and a tap during
 * start-up waited for all of it. The later task is a timer of the entry's own: a small module
 * shared with the app chunk would come as a chunk of its own.
 */
import '../src/app/styles/index.css';
import 'react';
import 'react/jsx-runtime';
import 'react-dom/client';

setTimeout(() => void import('./first-load.ts').then(({ hydrate }) => hydrate()));
