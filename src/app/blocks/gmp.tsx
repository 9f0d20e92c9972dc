/** The Google Marketing Platform products we work with, each linking to its page where there is one. */
import type { GmpContent } from '../content/schemas/gmp.ts';
import { Icon } from '../layout/icon.tsx';
import { SmartLink } from '../layout/smart-link.tsx';
import { BlockSection } from './block-section.tsx';

export function Gmp({ content }: { content: GmpContent }) {
  return (
    <BlockSection block="gmp" tone="tinted" headline={content.headline} text={content.text}>
      <ul className="gmp__grid">
        {content.products.map((product) => (
          <li key={product.name} className="card gmp__product">
            <p className="eyebrow">{product.area}</p>
            <h3 className="card__title">{product.name}</h3>
            <p className="card__text">{product.text}</p>
            {product.link_url && product.link_text ? (
              <SmartLink to={product.link_url} className="text-link">
                {product.link_text}
                <Icon name="arrowRight" size={18} />
              </SmartLink>
            ) : null}
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
