/** Key facts as boxes: a figure or an icon, a title and a sentence. */
import type { BoxesContent } from '../content/schemas/boxes.ts';
import { Icon } from '../layout/icon.tsx';
import { BlockSection } from './block-section.tsx';

export function Boxes({ content }: { content: BoxesContent }) {
  return (
    <BlockSection block="boxes" headline={content.headline}>
      <ul className="boxes__grid">
        {content.items.map((item) => (
          <li key={item.title} className="boxes__box">
            {item.value ? <p className="boxes__value">{item.value}</p> : null}
            {!item.value && item.icon ? <Icon name={item.icon} size={32} className="boxes__icon" /> : null}
            <h3 className="boxes__title">{item.title}</h3>
            <p className="boxes__text">{item.text}</p>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
