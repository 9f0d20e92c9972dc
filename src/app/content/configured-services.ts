/** Which of the optional services (service-conditions.ts) this deployment runs, from its configuration. */
import { useMemo } from 'react';
import { consentToolOf } from '../consent/consent-tool-choice.ts';
import { type AppEnvironment, useEnvironment } from '../environment.tsx';
import type { Service } from './service-conditions.ts';

export function configuredServices({
  tracking,
  login,
  careersService,
  objectStorage,
}: Pick<AppEnvironment, 'tracking' | 'login'> &
  Partial<Pick<AppEnvironment, 'careersService' | 'objectStorage'>>): ReadonlySet<Service> {
  const tagManager = Boolean(tracking.gtmId);
  const maps = Boolean(tracking.mapsApiKey);
  const consentManager = Boolean(tracking.consentManagerId);
  const consent = tagManager || maps;
  const signIn = login !== null;
  const on: Record<Service, boolean> = {
    tag_manager: tagManager,
    consent_manager: consentManager,
    consent_banner: consentToolOf(tracking) === 'banner',
    consent_tool: consentToolOf(tracking) !== 'none',
    consent,
    maps,
    sign_in: signIn,
    careers_service: careersService === true,
    object_storage: objectStorage === true,
    google: tagManager || maps || signIn,
  };
  return new Set((Object.keys(on) as Service[]).filter((service) => on[service]));
}

/** The services the page's environment runs, for content components. */
export function useConfiguredServices(): ReadonlySet<Service> {
  const { tracking, login, careersService, objectStorage } = useEnvironment();
  return useMemo(
    () => configuredServices({ tracking, login, careersService, objectStorage }),
    [tracking, login, careersService, objectStorage],
  );
}
