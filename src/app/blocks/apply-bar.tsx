/**
 * A job page's apply bar below the burger's breakpoint: once the hero's "Apply now" has scrolled
 * away, a bar at the foot of the screen keeps the job's title and a button to the application
 * form, and it steps aside while the form is in view. Two IntersectionObservers decide, so
 * scrolling runs no script; without script the bar stays hidden. The stylesheet keeps it off
 * wide screens and reserves its room at the foot of the page, so it never covers the end of it.
 */
import { useEffect, useState } from 'react';
import { APPLICATION_FORM_ID } from '../forms/form-anchors.ts';

/** Below the burger's breakpoint (navbar.css, 1025 px), as pages.css's rule for the bar. */
const NARROW = '(max-width: 1024px)';

export function ApplyBar({ title, label }: { title: string; label: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const hero = document.querySelector(`.stage a[href="#${APPLICATION_FORM_ID}"]`);
    const form = document.getElementById(APPLICATION_FORM_ID);
    if (!hero || !form || typeof IntersectionObserver !== 'function') return;
    const narrow = window.matchMedia(NARROW);
    let heroPassed = false;
    let formInView = false;
    const update = () => setShown(narrow.matches && heroPassed && !formInView);
    // The fixed navbar hides what lies under it: a button scrolled beneath it is out of view.
    const navbar = getComputedStyle(document.documentElement).getPropertyValue('--navbar-height').trim() || '0px';
    const heroWatch = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        heroPassed = !entry.isIntersecting && entry.boundingClientRect.top < (entry.rootBounds?.top ?? 0);
        update();
      },
      { rootMargin: `-${navbar} 0px 0px 0px` },
    );
    const formWatch = new IntersectionObserver(([entry]) => {
      if (!entry) return;
      formInView = entry.isIntersecting;
      update();
    });
    heroWatch.observe(hero);
    formWatch.observe(form);
    narrow.addEventListener('change', update);
    return () => {
      heroWatch.disconnect();
      formWatch.disconnect();
      narrow.removeEventListener('change', update);
    };
  }, []);
  return (
    <div className={shown ? 'apply-bar apply-bar--shown' : 'apply-bar'}>
      <p className="apply-bar__title">{title}</p>
      <a href={`#${APPLICATION_FORM_ID}`} className="button button--accent apply-bar__button">
        {label}
      </a>
    </div>
  );
}
