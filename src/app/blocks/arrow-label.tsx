/**
 * A link's label followed by an arrow. The last word and the arrow do not break apart, so when the label wraps
 * the arrow stays behind its last word instead of starting a line of its own or floating to the right edge.
 */
import { Icon } from '../layout/icon.tsx';

export function ArrowLabel({ text }: { text: string }) {
  const trimmed = text.trim();
  const split = trimmed.lastIndexOf(' ');
  const head = split === -1 ? '' : trimmed.slice(0, split + 1);
  const last = split === -1 ? trimmed : trimmed.slice(split + 1);
  return (
    <>
      {head}
      <span className="arrow-label">
        {last}
        <Icon name="arrowRight" size={18} className="arrow-label__arrow" />
      </span>
    </>
  );
}
