/** The table of what the site keeps in the browser: name, purpose, how long. */
import type { ConsentTexts } from '../content/schemas/consent.ts';

type StoredItem = ConsentTexts['cookies'][number];

export function CookieTable({ texts, items }: { texts: ConsentTexts; items: readonly StoredItem[] }) {
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
        {items.map((item) => (
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
