/** Clients who work with us, as wordmarks in text with their sector. */
import type { TrustsContent } from '../content/schemas/trusts.ts';
import { BlockSection } from './block-section.tsx';

export function Trusts({ content }: { content: TrustsContent }) {
  return (
    <BlockSection block="trusts">
      <h2 className="section__headline trusts__headline">{content.headline}</h2>
      {content.text ? <p className="section__lead trusts__lead">{content.text}</p> : null}
      <ul className="trusts__list">
        {content.clients.map((client) => (
          <li key={client.name} className="trusts__client">
            <span className="trusts__name">{client.name}</span>
            <span className="trusts__sector">{client.sector}</span>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
