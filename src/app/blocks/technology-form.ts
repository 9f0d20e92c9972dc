/** What the technology enquiry form sends, and how a refusal from the server is read. */
import type { Language } from '../i18n/language.ts';

export const TECHNOLOGY_FORM_ACTION = '/api/contact/technology';
/** The query parameter the server adds when a form posted without JavaScript was received. */
export const SENT_PARAM = 'sent';
export const TECHNOLOGY_FORM_NAME = 'contact-technology';

export interface TechnologyEnquiry {
  name: string;
  email: string;
  company: string;
  message: string;
  products: string[];
  services: string[];
  legals: boolean;
  language: Language;
  website: string;
}

export function enquiryFrom(form: FormData, language: Language): TechnologyEnquiry {
  const text = (name: string) => String(form.get(name) ?? '');
  return {
    name: text('name'),
    email: text('email'),
    company: text('company'),
    message: text('message'),
    products: form.getAll('products').map(String),
    services: form.getAll('services').map(String),
    legals: form.get('legals') === 'on',
    language,
    website: text('website'),
  };
}

export type SubmitResult = { ok: true } | { ok: false; field: string | null; message: string | null };

export async function sendEnquiry(enquiry: TechnologyEnquiry): Promise<SubmitResult> {
  try {
    const response = await fetch(TECHNOLOGY_FORM_ACTION, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(enquiry),
    });
    if (response.ok) return { ok: true };
    const body = (await response.json().catch(() => ({}))) as { field?: unknown; message?: unknown };
    return {
      ok: false,
      field: typeof body.field === 'string' ? body.field : null,
      message: response.status < 500 && typeof body.message === 'string' ? body.message : null,
    };
  } catch {
    return { ok: false, field: null, message: null };
  }
}
