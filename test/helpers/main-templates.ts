/** The main templates the contact sheet shows and the layout tests open, each with its English and German address. */
export type TemplateLanguage = 'en' | 'de';

export const MAIN_TEMPLATES: Record<string, Record<TemplateLanguage, string>> = {
  home: { en: '/?lang=en', de: '/?lang=de' },
  service: { en: '/services/analytics?lang=en', de: '/services/analytics?lang=de' },
  technology: {
    en: '/technology/google-marketing-platform-partner',
    de: '/technologie/google-marketing-platform-partner',
  },
  insights: { en: '/insights?lang=en', de: '/insights?lang=de' },
  article: { en: '/insights/consent-mode-v2-explained?lang=en', de: '/insights/consent-mode-v2-explained?lang=de' },
  'case-study': {
    en: '/insights/case-study-sonnwind-reisen-dv360?lang=en',
    de: '/insights/case-study-sonnwind-reisen-dv360?lang=de',
  },
  about: { en: '/company/about-us', de: '/unternehmen/ueber-uns' },
  career: { en: '/company/career', de: '/unternehmen/karriere' },
  job: { en: '/company/career/senior-data-engineer', de: '/unternehmen/karriere/senior-data-engineer' },
  contact: { en: '/company/contact', de: '/unternehmen/kontakt' },
  events: { en: '/company/events', de: '/unternehmen/events' },
  event: {
    en: '/company/events/data-breakfast/berlin/2027/02',
    de: '/unternehmen/events/data-breakfast/berlin/2027/02',
  },
  newsletter: { en: '/newsletter?lang=en', de: '/newsletter?lang=de' },
  privacy: { en: '/privacy-policy', de: '/datenschutz' },
  404: { en: '/no-such-page', de: '/unternehmen/gibt-es-nicht' },
};
