/**
 * Tabs (WAI-ARIA tabs with automatic activation): the arrow keys, Home and End move
 * between tabs and show their panel; only the selected tab is in the Tab order.
 */
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import type { TabsContent } from '../content/schemas/tabs.ts';
import { BlockSection } from './block-section.tsx';
import { CheckList } from './check-list.tsx';
import { Paragraphs } from './paragraphs.tsx';
import { indexAfterKey } from './roving-keys.ts';

export function Tabs({ content }: { content: TabsContent }) {
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  const count = content.items.length;

  const onKeyDown = (event: KeyboardEvent) => {
    const next = indexAfterKey(event.key, selected, count);
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    tabs.current[next]?.focus();
  };

  return (
    <BlockSection block="tabs" headline={content.headline} text={content.text}>
      <div className="tabs__list" role="tablist" aria-label={content.headline} onKeyDown={onKeyDown}>
        {content.items.map((item, index) => (
          <button
            key={item.label}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            className="tabs__tab"
            aria-selected={index === selected}
            aria-controls={`${id}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {content.items.map((item, index) => (
        <div
          key={item.label}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          className="tabs__panel"
          aria-labelledby={`${id}-tab-${index}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern of the WAI-ARIA practices: a panel is focusable, so the keyboard reaches its text
          tabIndex={0}
          hidden={index !== selected}
        >
          <h3 className="tabs__title">{item.title}</h3>
          <Paragraphs text={item.text} />
          {item.list ? <CheckList items={item.list} /> : null}
        </div>
      ))}
    </BlockSection>
  );
}
