/** The levers we pull, each with the figure it moved in our projects. */
import type { OptimizationContent } from '../content/schemas/optimization.ts';
import { BlockSection } from './block-section.tsx';
import { cardGridClass } from './card-grid.ts';

export function Optimization({ content }: { content: OptimizationContent }) {
  return (
    <BlockSection block="optimization" headline={content.headline} text={content.text}>
      <ul className={cardGridClass(content.items.length, 'optimization__list')}>
        {content.items.map((item) => (
          <li key={item.title} className="optimization__item">
            {item.value ? (
              <p className="optimization__figure">
                <span className="optimization__value">{item.value}</span>
                {item.value_label ? <span className="optimization__label">{item.value_label}</span> : null}
              </p>
            ) : null}
            <h3 className="optimization__title">{item.title}</h3>
            <p className="optimization__text">{item.text}</p>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
