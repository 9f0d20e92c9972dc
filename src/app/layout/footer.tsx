/**
 * The footer: logo, link columns from footer.json, icon links for social profiles, Cookies button, a row of
 * the certifications beside the site's seal, copyright.
 */
import { openConsentSettings } from '../consent/settings-event.ts';
import type { FooterData, FooterLink, UiTexts } from '../content/types.ts';
import { mailtoHref } from '../email/mailto.ts';
import { currentYear, fill } from '../i18n/format.ts';
import { CertificateBadge } from '../images/certificate-badge.tsx';
import { HOME_PATH } from '../paths.ts';
import { Icon, socialIconOf } from './icon.tsx';
import { Logo } from './logo.tsx';
import { PageLink, SmartLink } from './smart-link.tsx';

/** A column's key in footer.json: the title lower-cased, & as 'and', spaces as hyphens. */
export function footerKey(title: string): string {
  return title.toLowerCase().replace(/&/g, 'and').trim().replace(/\s+/g, '-');
}

function linksOf(footer: FooterData, title: string): FooterLink[] {
  const links = footer[footerKey(title)];
  return Array.isArray(links) ? (links as FooterLink[]).filter((link) => typeof link.link_url === 'string') : [];
}

export function Footer({ footer, ui }: { footer: FooterData; ui: UiTexts }) {
  const titles = footer.title ?? [];
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: outside any sectioning element the footer is the page's contentinfo landmark, which takes a label
    <footer className="footer" aria-label={ui.footer_label}>
      <div className="footer__inner">
        <div className="footer__brand">
          <PageLink to={HOME_PATH} className="footer__logo" aria-label={ui.home_label}>
            <Logo width={146} height={26} />
          </PageLink>
          {footer.address ? (
            <address className="footer__address">
              <span>{footer.address.company}</span>
              <span>{footer.address.street}</span>
              <span>{footer.address.city}</span>
              <a href={mailtoHref(footer.address.email)}>{footer.address.email}</a>
            </address>
          ) : null}
        </div>
        {titles.map((title, index) => {
          const links = linksOf(footer, title.link_text);
          const textLinks = links.filter((link) => link.link_text);
          const iconLinks = links.filter((link) => !link.link_text);
          return (
            <div className="footer__column" key={title.link_text}>
              <h2 className="footer__title">{title.link_text}</h2>
              <ul className="footer__links">
                {textLinks.map((link) => (
                  <li key={link.link_url}>
                    <SmartLink to={link.link_url} className="footer__link">
                      {link.link_text}
                    </SmartLink>
                  </li>
                ))}
                {index === titles.length - 1 ? (
                  <li>
                    <button type="button" className="footer__link footer__cookies" onClick={openConsentSettings}>
                      {ui.cookies}
                    </button>
                  </li>
                ) : null}
              </ul>
              {iconLinks.length > 0 ? (
                <ul className="footer__social">
                  {iconLinks.map((link) => (
                    <li key={link.link_url}>
                      <SmartLink
                        to={link.link_url}
                        className="footer__social-link"
                        aria-label={link.aria_label ?? new URL(link.link_url).hostname}
                      >
                        <Icon name={socialIconOf(link.link_url)} />
                      </SmartLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          );
        })}
      </div>
      {footer.certifications ? (
        <ul className="footer__badges">
          {footer.certifications.map((name) => (
            <li key={name}>
              <CertificateBadge alt={ui.certified} size={32} />
              {name}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="footer__copyright">{fill(ui.copyright, { year: currentYear() })}</p>
    </footer>
  );
}
