/**
 * The consent manager adapter for Usercentrics (Browser UI v2): its browser API
 * (`window.UC_UI`) and its events; its script is in usercentrics.ts. Nothing else in the site
 * knows the vendor.
 */
import type { ConsentManager } from './consent-manager.ts';

interface UsercentricsService {
  id: string;
  name: string;
  consent?: { status?: boolean };
}

/** The part of `window.UC_UI` the site uses. */
interface UsercentricsUi {
  isInitialized(): boolean;
  showSecondLayer(): void;
  updateLanguage(language: string): Promise<void> | void;
  restartEmbeddings(): void;
  getSettingsCore?(): { language?: { available?: string[] } } | undefined;
  getServicesBaseInfo?(): UsercentricsService[];
  acceptService?(serviceId: string): Promise<void> | void;
}

declare global {
  interface Window {
    UC_UI?: UsercentricsUi;
  }
}

/** Fired once `window.UC_UI` is ready. */
const INITIALIZED_EVENT = 'UC_UI_INITIALIZED';
/** Fired after each choice made in the banner or its settings. */
const CHOICE_EVENT = 'UC_UI_CMP_EVENT';
/** The maps library's service, by the name the consent manager's service catalogue gives it. */
const MAPS_SERVICE = 'Google Maps';

function whenReady(win: Window): Promise<UsercentricsUi> {
  return new Promise((resolve) => {
    const ui = win.UC_UI;
    if (ui?.isInitialized()) {
      resolve(ui);
      return;
    }
    const ready = () => {
      if (!win.UC_UI) return;
      win.removeEventListener(INITIALIZED_EVENT, ready);
      resolve(win.UC_UI);
    };
    win.addEventListener(INITIALIZED_EVENT, ready);
  });
}

export function connectUsercentrics(win: Window = window): ConsentManager {
  const ready = whenReady(win);
  const mapsService = (ui: UsercentricsUi) =>
    ui.getServicesBaseInfo?.().find((service) => service.name === MAPS_SERVICE);

  return {
    async showSettings() {
      (await ready).showSecondLayer();
    },
    async setLanguage(language) {
      const ui = await ready;
      const code = language.toLowerCase();
      const available = ui.getSettingsCore?.()?.language?.available;
      if (available && !available.includes(code)) {
        console.error(
          `The consent manager has no texts in "${code}" (it has ${available.join(', ')}); it keeps its language.`,
        );
      } else {
        try {
          await ui.updateLanguage(code);
        } catch (error) {
          console.error(`The consent manager could not switch to "${code}".`, error);
        }
      }
      ui.restartEmbeddings();
    },
    async allowsMaps() {
      return mapsService(await ready)?.consent?.status === true;
    },
    async allowMaps() {
      const ui = await ready;
      const service = mapsService(ui);
      if (!service || !ui.acceptService) return false;
      await ui.acceptService(service.id);
      return true;
    },
    onChoice(listener) {
      win.addEventListener(CHOICE_EVENT, listener);
      return () => win.removeEventListener(CHOICE_EVENT, listener);
    },
  };
}
