/**
 * The site's own line icons, drawn on a 24 px grid, as the data of one path each: the build writes
 * them into one sprite file (build.mjs), which every icon refers to by name, so the pages' scripts
 * carry the names instead of the drawings. Its circles and rectangles are written as arcs, so an
 * icon is one path and renders the same lines.
 */
export const ICON_PATHS = {
  check: 'M5 12.5l4.5 4.5L19 7.5',
  warning: 'M12 3.5l9.5 17h-19zM12 10v4.5M12 17.5v.5',
  error: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0zM9 9l6 6M15 9l-6 6',
  close: 'M6 6l12 12M18 6L6 18',
  upload: 'M12 15.5V4M7.5 8.5L12 4l4.5 4.5M4.5 15v3.5a1.5 1.5 0 0 0 1.5 1.5h12a1.5 1.5 0 0 0 1.5-1.5V15',
  file: 'M6.5 3h7l4.5 4.5V20a1 1 0 0 1-1 1h-10.5a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM13.5 3v4.5H18',
  chevron: 'M6 9.5l6 6 6-6',
  menu: 'M4 7h16M4 12h16M4 17h16',
  arrowDown: 'M12 4v15M6 13l6 6 6-6',
  account: 'M8 8a4 4 0 1 0 8 0a4 4 0 1 0-8 0zM4.5 20c1.4-3.7 4.2-5.6 7.5-5.6s6.1 1.9 7.5 5.6',
  globe:
    'M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0zM3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z',
  linkedin:
    'M6 3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3h-12a3 3 0 0 1-3-3v-12a3 3 0 0 1 3-3zM8 10.5V17M8 7.5v.5M12 17v-6.5M12 13.5c0-1.8 1-3 2.5-3s2.5 1 2.5 3V17',
  xing: 'M6.5 7.5l2.5 4.5-3 5M17.5 3.5L12.5 12l3.5 8.5',
  instagram:
    'M8.5 3.5h7a5 5 0 0 1 5 5v7a5 5 0 0 1-5 5h-7a5 5 0 0 1-5-5v-7a5 5 0 0 1 5-5zM8 12a4 4 0 1 0 8 0a4 4 0 1 0-8 0zM17 7v.5',
  youtube: 'M6.5 5.5h11a4 4 0 0 1 4 4v5a4 4 0 0 1-4 4h-11a4 4 0 0 1-4-4v-5a4 4 0 0 1 4-4zM10 9.5v5l4.5-2.5z',
  chart: 'M4 20V4M4 20h16M8 16v-4M12 16V8M16 16v-6',
  shield: 'M12 3l7.5 3v5.5c0 4.6-3.2 8.2-7.5 9.5-4.3-1.3-7.5-4.9-7.5-9.5V6zM8.5 12l2.5 2.5 4.5-5',
  layers: 'M12 3.5l9 4.5-9 4.5-9-4.5zM3 12.5l9 4.5 9-4.5M3 16.5l9 4.5 9-4.5',
  bolt: 'M13 2.5L4.5 13.5H12l-1 8 8.5-11H12z',
  cloud: 'M7 18.5h10.5a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.6 9.1 4.75 4.75 0 0 0 7 18.5z',
  target:
    'M3.5 12a8.5 8.5 0 1 0 17 0a8.5 8.5 0 1 0-17 0zM7.5 12a4.5 4.5 0 1 0 9 0a4.5 4.5 0 1 0-9 0zM11.2 12a0.8 0.8 0 1 0 1.6 0a0.8 0.8 0 1 0-1.6 0z',
  users:
    'M5.5 8a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0zM2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5M15.5 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c2 .8 3.2 2.6 3.5 5.2',
  clock: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0zM12 7v5l3.5 2',
  lock: 'M7 10.5h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2h-10a2 2 0 0 1-2-2v-6a2 2 0 0 1 2-2zM8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2',
  compass: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0zM15.5 8.5l-2 5-5 2 2-5z',
  euro: 'M17.5 6.5A7 7 0 1 0 17.5 17.5M4 10.5h9M4 13.5h9',
  spark: 'M12 2.5l2 7.5 7.5 2-7.5 2-2 7.5-2-7.5-7.5-2 7.5-2z',
  screen:
    'M4.5 4.5h15a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1-1.5 1.5h-15a1.5 1.5 0 0 1-1.5-1.5v-9a1.5 1.5 0 0 1 1.5-1.5zM8.5 20.5h7M12 16.5v4',
  flow: 'M4 3.5h4a1 1 0 0 1 1 1v3a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1v-3a1 1 0 0 1 1-1zM16 9.5h4a1 1 0 0 1 1 1v3a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1v-3a1 1 0 0 1 1-1zM4 15.5h4a1 1 0 0 1 1 1v3a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1v-3a1 1 0 0 1 1-1zM9 6h3v12H9M12 12h3',
  arrowRight: 'M4 12h15M13 6l6 6-6 6',
  /** A filled opening quotation mark (“), two drops whose tails rise to the right; drawn filled (see .quote-card__mark). */
  quote:
    'M3.9 15.5C3.9 10.6 6.3 7.1 10.1 5.4L10.7 6.7C8.6 7.9 7.5 9.7 7.3 12.2A3.3 3.3 0 1 1 3.9 15.5zM13.4 15.5C13.4 10.6 15.8 7.1 19.6 5.4L20.2 6.7C18.1 7.9 17 9.7 16.8 12.2A3.3 3.3 0 1 1 13.4 15.5z',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
} satisfies Record<string, string>;

export type IconName = keyof typeof ICON_PATHS;
