/**
 * What the site asks of a consent manager (a certified consent management platform that
 * runs its own banner). Its choices reach the site as Consent Mode updates in the dataLayer;
 * this covers the rest: its settings, its language and its consent to the maps service.
 */
import type { Language } from '../i18n/language.ts';

export interface ConsentManager {
  /** Opens its detailed settings (the second layer), once it is ready. */
  showSettings(): Promise<void>;
  /** Switches its texts to the language and restarts its embeddings; a language it lacks is logged as an error. */
  setLanguage(language: Language): Promise<void>;
  /** Whether the visitor allowed the maps service in it. */
  allowsMaps(): Promise<boolean>;
  /** Records consent to the maps service; false when it does not know that service. */
  allowMaps(): Promise<boolean>;
  /** Calls back after each choice the visitor makes in it; returns the unsubscribe. */
  onChoice(listener: () => void): () => void;
}
