/**
 * The shell of a content block: the section with the block's class and tone, its inner column
 * (which blocks.css centres and spaces), and the block's headline and lead when it has them.
 * The section's attributes keep the order they are written in, with the class where `block`
 * stands, so each block renders the markup it wrote by hand before, byte for byte.
 */
import type { HTMLAttributes, ReactNode } from 'react';
import { BlockHeading } from './block-heading.tsx';

interface BlockSectionProps extends Omit<HTMLAttributes<HTMLElement>, 'className' | 'children'> {
  /** The block's class, e.g. benefits: the section is "benefits section". */
  block: string;
  /** A dark or tinted background; without one the section is white. */
  tone?: 'dark' | 'tinted' | undefined;
  /** A variant class of the block, after the section's own classes (events--past). */
  variant?: string | undefined;
  /** Classes of the inner column besides section__inner. */
  innerClassName?: string | undefined;
  /** The inner column is a live region: an outcome that replaces a button is announced. */
  live?: boolean;
  /** The block's headline, first in the column, with its lead sentence; without a headline, the block writes its own heading or none. */
  headline?: string | undefined;
  text?: string | undefined;
  /** Inside the section before the column, such as the block's JSON-LD. */
  before?: ReactNode;
  children?: ReactNode;
}

/** The props that shape the shell; every other one is an attribute of the section. */
const SHELL_PROPS: ReadonlySet<string> = new Set([
  'tone',
  'variant',
  'innerClassName',
  'live',
  'headline',
  'text',
  'before',
  'children',
]);

export function BlockSection(props: BlockSectionProps) {
  const { block, tone, variant, innerClassName, live = false, headline, text, before, children } = props;
  const section: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props)) {
    if (name === 'block')
      section.className = `${block} section${tone ? ` section--${tone}` : ''}${variant ? ` ${variant}` : ''}`;
    else if (!SHELL_PROPS.has(name)) section[name] = value;
  }
  return (
    <section {...section}>
      {before}
      <div
        className={innerClassName ? `section__inner ${innerClassName}` : 'section__inner'}
        aria-live={live ? 'polite' : undefined}
      >
        {headline ? <BlockHeading headline={headline} text={text} /> : null}
        {children}
      </div>
    </section>
  );
}
