/** The Google Marketing Platform products we work with, each linking to its page where there is one. */
import type { GmpContent } from '../content/schemas/gmp.ts';
import { SmartLink } from '../layout/smart-link.tsx';
import { ArrowLabel } from './arrow-label.tsx';
import { BlockSection } from './block-section.tsx';
import { cardGridClass } from './card-grid.ts';

export function Gmp({ content }: { content: GmpContent }) {
  return (
    <BlockSection block="gmp" tone="tinted" headline={content.headline} text={content.text}>
      <ul className={cardGridClass(content.products.length, 'gmp__grid')}>
        {content.products.map((product) => (
          <li
            key={product.name}
            className={`card${product.link_url && product.link_text ? ' card--link' : ''} gmp__product`}
          >
            <p className="eyebrow">{product.area}</p>
            <h3 className="card__title">{product.name}</h3>
            <p className="card__text">{product.text}</p>
            {product.link_url && product.link_text ? (
              <SmartLink to={product.link_url} className="card__link">
                <ArrowLabel text={product.link_text} />
              </SmartLink>
            ) : null}
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
