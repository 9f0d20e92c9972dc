/** Clients who work with us, as a wall of their drawn wordmarks, each named by its alt text. */
import type { TrustsContent } from '../content/schemas/trusts.ts';
import { Picture } from '../images/picture.tsx';
import { BlockSection } from './block-section.tsx';

export function Trusts({ content }: { content: TrustsContent }) {
  return (
    <BlockSection block="trusts">
      <h2 className="section__headline trusts__headline">{content.headline}</h2>
      {content.text ? <p className="section__lead trusts__lead">{content.text}</p> : null}
      <ul className="trusts__list">
        {content.clients.map((client) => (
          <li key={client.name}>
            <Picture
              src={`/images/clients/${client.logo}.svg`}
              alt={client.name}
              width={240}
              height={80}
              loading="lazy"
            />
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
