/**
 * The fixed top navigation: transparent and dark at the top of the page, light with a
 * shadow once scrolled or while the menu is open; a burger menu under 1025 px, beside which
 * the call to action stays in the bar; items with children open a popover on hover (desktop)
 * or a dropdown (mobile); Escape closes. On large screens the links come first, then the
 * language switch and the login as quiet utilities, then the call to action.
 */
import { type FocusEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { NavigationChild, NavigationData, NavigationItem, UiTexts } from '../content/types.ts';
import { fill } from '../i18n/format.ts';
import type { Language } from '../i18n/language.ts';
import type { Translation } from '../i18n/translate-path.ts';
import { HOME_PATH } from '../paths.ts';
import { Icon } from './icon.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { LoginEntry } from './login-entry.tsx';
import { Logo } from './logo.tsx';
import { PageLink, PageNavLink, SmartLink } from './smart-link.tsx';
import { LARGE_BREAKPOINT_PX, NAV_REINIT_DELAY_MS, POPOVER_DELAY_MS } from './timing.ts';
import { useEscape } from './use-escape.ts';

const SCROLL_THRESHOLD_PX = 8;

function childrenOf(navigation: NavigationData, item: NavigationItem): NavigationChild[] {
  const children = navigation[item.link_text.toLowerCase()];
  return Array.isArray(children) ? (children as NavigationChild[]) : [];
}

const isLargeScreen = () => window.matchMedia(`(min-width: ${LARGE_BREAKPOINT_PX}px)`).matches;

interface NavbarProps {
  navigation: NavigationData;
  ui: UiTexts;
  language: Language;
  translations: Translation[];
}

export function Navbar({ navigation, ui, language, translations }: NavbarProps) {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [openItem, setOpenItem] = useState<string | null>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { pathname } = useLocation();

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // After a route change the menu closes and starts afresh.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const timer = setTimeout(() => {
      setMenuOpen(false);
      setOpenItem(null);
    }, NAV_REINIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  const closeAll = useCallback(() => {
    clearTimeout(hoverTimer.current);
    setOpenItem(null);
  }, []);

  useEscape(menuOpen || openItem !== null, () => {
    if (openItem !== null) {
      document.getElementById(`${menuId}-toggle-${openItem}`)?.focus();
      setOpenItem(null);
    } else {
      setMenuOpen(false);
      burgerRef.current?.focus();
    }
  });

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const light = scrolled || menuOpen;
  const items = navigation.top_level ?? [];
  const links = items.filter((item) => item.type !== 'Button');
  const actions = items.filter((item) => item.type === 'Button');

  return (
    <header className={`navbar ${light ? 'navbar--light' : 'navbar--dark'}${menuOpen ? ' navbar--menu-open' : ''}`}>
      <div className="navbar__bar">
        <PageLink to={HOME_PATH} className="navbar__logo" aria-label={ui.home_label}>
          <Logo width={160} height={28} />
        </PageLink>
        {/* The phone's bar keeps the call to action in sight beside the burger, so the menu need not repeat it. */}
        {actions.map((item) => (
          <SmartLink
            key={`bar-${item.link_url}`}
            to={item.link_url}
            className="button button--accent navbar__cta navbar__cta--bar"
          >
            {item.short_text ?? item.link_text}
          </SmartLink>
        ))}
        <button
          ref={burgerRef}
          type="button"
          className="navbar__burger"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? ui.menu_close : ui.menu_open}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} />
        </button>
        <nav id={menuId} className={`navbar__menu${menuOpen ? ' navbar__menu--open' : ''}`} aria-label={ui.nav_label}>
          <ul className="navbar__items">
            {links.map((item, index) => {
              const key = String(index);
              const children = childrenOf(navigation, item);
              const itemClass = `navbar__item${item.hidden_lg !== 'FALSE' ? ' navbar__item--hidden-lg' : ''}`;
              if (children.length === 0) {
                return (
                  <li key={key} className={itemClass}>
                    <PageNavLink to={item.link_url} className="navbar__link">
                      {item.link_text}
                    </PageNavLink>
                  </li>
                );
              }
              const open = openItem === key;
              const panelId = `${menuId}-panel-${key}`;
              return (
                <li
                  key={key}
                  className={`${itemClass} navbar__item--parent${open ? ' navbar__item--open' : ''}`}
                  onPointerEnter={(event) => {
                    if (event.pointerType !== 'mouse' || !isLargeScreen()) return;
                    clearTimeout(hoverTimer.current);
                    hoverTimer.current = setTimeout(() => setOpenItem(key), POPOVER_DELAY_MS);
                  }}
                  onPointerLeave={(event) => {
                    if (event.pointerType !== 'mouse' || !isLargeScreen()) return;
                    closeAll();
                  }}
                  onBlur={(event: FocusEvent<HTMLLIElement>) => {
                    if (isLargeScreen() && !event.currentTarget.contains(event.relatedTarget as Node | null))
                      closeAll();
                  }}
                >
                  <div className="navbar__parent">
                    <PageNavLink to={item.link_url} className="navbar__link">
                      {item.link_text}
                    </PageNavLink>
                    <button
                      id={`${menuId}-toggle-${key}`}
                      type="button"
                      className="navbar__toggle"
                      aria-expanded={open}
                      aria-controls={panelId}
                      aria-label={fill(ui.submenu_toggle, { item: item.link_text })}
                      onClick={() => {
                        clearTimeout(hoverTimer.current);
                        setOpenItem(open ? null : key);
                      }}
                    >
                      <Icon name="chevron" size={16} />
                    </button>
                  </div>
                  <div id={panelId} className="navbar__popover" hidden={!open}>
                    <ul className="navbar__children">
                      {children.map((child) => (
                        <li key={child.link_url}>
                          <SmartLink to={child.link_url} className="navbar__child">
                            {/* Drawn once the menu opens: a closed menu's icons would cost every page's render
                                and markup for what nobody sees. */}
                            {child.icon && open ? (
                              <span className="navbar__child-icon">
                                <Icon name={child.icon} size={20} />
                              </span>
                            ) : null}
                            <span className="navbar__child-title">{child.link_text}</span>
                            {child.description ? <span className="navbar__child-text">{child.description}</span> : null}
                          </SmartLink>
                        </li>
                      ))}
                    </ul>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="navbar__utilities">
            <LanguageSwitch
              language={language}
              translations={translations}
              label={ui.language_label}
              names={ui.language_names}
            />
            <LoginEntry label={ui.login_label} language={language} />
          </div>
          {actions
            .filter((item) => item.hidden_lg === 'FALSE')
            .map((item) => (
              <SmartLink
                key={`menu-${item.link_url}`}
                to={item.link_url}
                className="button button--accent navbar__cta navbar__cta--menu"
              >
                {item.short_text ? (
                  // The narrowest desktop bar shows the short label; each is the link's name where it shows.
                  <>
                    <span className="navbar__cta-full">{item.link_text}</span>
                    <span className="navbar__cta-short">{item.short_text}</span>
                  </>
                ) : (
                  item.link_text
                )}
              </SmartLink>
            ))}
        </nav>
      </div>
    </header>
  );
}
