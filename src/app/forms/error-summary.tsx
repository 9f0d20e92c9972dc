/**
 * The list above a form with more than two wrong fields (GOV.UK's error summary): a heading and
 * one link per field, each moving focus to its field. It takes focus when it appears after a
 * press, so a screen reader reads it first; without JavaScript its links are plain anchors.
 */
import type { RefObject } from 'react';

export interface SummaryItem {
  field: string;
  /** The id of the field's control (or group), where the link leads. */
  target: string;
  text: string;
}

export function ErrorSummary({
  heading,
  headingId,
  items,
  summaryRef,
  onFollow,
}: {
  heading: string;
  headingId: string;
  items: readonly SummaryItem[];
  summaryRef: RefObject<HTMLDivElement | null>;
  onFollow(field: string): void;
}) {
  return (
    <div ref={summaryRef} className="form__summary" tabIndex={-1}>
      <div role="alert">
        <h3 id={headingId} className="form__summary-heading">
          {heading}
        </h3>
        <ul className="form__summary-list">
          {items.map((item) => (
            <li key={item.field}>
              <a
                href={`#${item.target}`}
                onClick={(event) => {
                  event.preventDefault();
                  onFollow(item.field);
                }}
              >
                {item.text}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
