/** The table of what the site keeps in the browser: name, purpose, how long; a row for an optional service only where it runs. */
import { useConfiguredServices } from '../content/configured-services.ts';
import type { ConsentTexts } from '../content/schemas/consent.ts';
import { applies } from '../content/service-conditions.ts';

type StoredItem = ConsentTexts['cookies'][number];

export function CookieTable({ texts, items }: { texts: ConsentTexts; items: readonly StoredItem[] }) {
  const services = useConfiguredServices();
  return (
    <table className="consent-settings__table">
      <thead>
        <tr>
          <th scope="col">{texts.name_label}</th>
          <th scope="col">{texts.purpose_label}</th>
          <th scope="col">{texts.duration_label}</th>
        </tr>
      </thead>
      <tbody>
        {items
          .filter((item) => applies(item.when, services))
          .map((item) => (
            <tr key={item.name}>
              <td>
                <code>{item.name}</code>
              </td>
              <td>{item.purpose}</td>
              <td>{item.duration}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
