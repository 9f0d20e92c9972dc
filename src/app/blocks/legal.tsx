/**
 * A legal text: titled sections of paragraphs, lists and label–value facts. A section, paragraph
 * or list item that names an optional service shows only where this deployment runs it.
 */
import { useConfiguredServices } from '../content/configured-services.ts';
import type { LegalContent, LegalListItemContent } from '../content/schemas/legal.ts';
import { applies, textsFor } from '../content/service-conditions.ts';
import { SmartLink } from '../layout/smart-link.tsx';
import { BlockSection } from './block-section.tsx';

export function Legal({ content }: { content: LegalContent }) {
  const services = useConfiguredServices();
  const sections = content.sections.filter((section) => applies(section.when, services));
  return (
    <BlockSection block="legal" innerClassName="legal__inner">
      {content.notice ? (
        <p className="legal__notice" role="note">
          {content.notice}
        </p>
      ) : null}
      {content.updated ? <p className="legal__updated">{content.updated}</p> : null}
      {sections.map((section, index) => {
        const list = (section.list ?? []).filter((item) => typeof item === 'string' || applies(item.when, services));
        return (
          <section key={section.headline} className="legal__section">
            <h2 className="legal__headline">
              {content.numbered ? `${index + 1}. ${section.headline}` : section.headline}
            </h2>
            {textsFor(section.paragraphs, services).map((text) => (
              <p key={text}>{text}</p>
            ))}
            {list.length > 0 ? (
              <ul className="legal__list">
                {list.map((item) => (
                  <ListItem key={typeof item === 'string' ? item : item.text} item={item} />
                ))}
              </ul>
            ) : null}
            {section.facts ? (
              <dl className="legal__facts">
                {section.facts.map((fact) => (
                  <div key={fact.label} className="legal__fact">
                    <dt>{fact.label}</dt>
                    <dd>{fact.link_url ? <SmartLink to={fact.link_url}>{fact.value}</SmartLink> : fact.value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </section>
        );
      })}
    </BlockSection>
  );
}

/**
 * What an item stores and which hosts it names also travel as data attributes, so a test compares
 * the policy with what a browser records without reading the prose.
 */
function ListItem({ item }: { item: LegalListItemContent }) {
  if (typeof item === 'string') return <li>{item}</li>;
  return (
    <li
      data-stores={item.stores ? JSON.stringify(item.stores) : undefined}
      data-hosts={item.hosts ? item.hosts.join(' ') : undefined}
    >
      {item.text}
    </li>
  );
}
