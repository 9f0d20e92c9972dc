/**
 * Technical names in an article's text (event_params, _TABLE_SUFFIX, INFORMATION_SCHEMA.JOBS)
 * set as code, so a reader tells the name to type from the prose around it. German and English
 * prose never joins words with an underscore, so a word that has one is such a name: the content
 * stays plain text, and the search, the feed and the cards read it unchanged.
 */
import { Fragment, type ReactNode } from 'react';

/** A word with an underscore, with dots between its parts; a full stop after it ends the sentence, not the name. */
const TECHNICAL_NAME = /(?:[A-Za-z0-9*]+_|_[A-Za-z0-9*])[A-Za-z0-9_*]*(?:\.[A-Za-z0-9_*]+)*/g;

export function withCodeSpans(text: string): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TECHNICAL_NAME)) {
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(<code key={start}>{match[0]}</code>);
    last = start + match[0].length;
  }
  if (last === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
