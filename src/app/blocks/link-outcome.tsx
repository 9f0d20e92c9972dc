/** The outcome of a page that acts on a mailed link (confirming, unsubscribing): icon, headline, sentence and a way on. */
import type { OutcomeTexts } from '../content/schemas/formular.ts';
import { Icon } from '../layout/icon.tsx';
import { SmartLink } from '../layout/smart-link.tsx';

export function LinkOutcome({
  outcome,
  texts,
  success,
  link,
}: {
  outcome: string;
  texts: OutcomeTexts;
  success: boolean;
  link: { text: string; link_url: string };
}) {
  return (
    <div className={`confirmation__result confirmation__result--${outcome}`} role="status">
      <Icon name={success ? 'check' : 'warning'} size={40} />
      <h2 className="section__headline">{texts.headline}</h2>
      <p>{texts.text}</p>
      <SmartLink to={link.link_url} className="text-link">
        {link.text}
      </SmartLink>
    </div>
  );
}
