/** What the form endpoints share, as app.forms: texts, confirmation links and configuration. */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Language } from '#app/i18n/language.ts';
import type { Config } from '../config.ts';
import type { ContentStore } from '../content/content-store.ts';
import { createFormTexts, FORM_TEXT_FILES, type FormTexts } from '../forms/form-texts.ts';
import { type OpenEdition, openEdition } from '../forms/known-events.ts';
import { createTokenSigner, resolveTokenSecret, type TokenSigner } from '../forms/tokens.ts';

export interface FormServices {
  texts: FormTexts;
  /** The edition an event registration names, if it is open for registration now. */
  openEdition(language: Language, key: string): OpenEdition | null;
  tokens: TokenSigner;
  config: Config;
}

declare module 'fastify' {
  interface FastifyInstance {
    forms: FormServices;
  }
}

const forms: FastifyPluginAsync<{ config: Config; store: ContentStore }> = async (app, { config, store }) => {
  const missing = (['en', 'de'] as const).flatMap((language) =>
    FORM_TEXT_FILES.filter((file) => !store.get(`${language}/${file}`)).map((file) => `${language}/${file}`),
  );
  if (missing.length > 0) throw new Error(`Form texts are missing from the content: ${missing.join(', ')}`);
  app.decorate('forms', {
    texts: createFormTexts(store),
    openEdition: (language: Language, key: string) => openEdition(store, language, key, new Date()),
    tokens: createTokenSigner(resolveTokenSecret(config.tokenSecret, config.dataDir), config.confirmationTtlHours),
    config,
  });
};

export const formsPlugin = fp(forms, { name: 'forms' });
