/** The browser's CareersSource: this server's careers API, which caches the careers service. */
import { careersApiPath } from '../api-paths.ts';
import type { CareersSource, Position } from './model.ts';

export function createFetchCareersSource(): CareersSource {
  return {
    async positions(language) {
      const response = await fetch(careersApiPath(language), { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`${response.status} for ${careersApiPath(language)}`);
      return ((await response.json()) as { activePositions: Position[] }).activePositions;
    },
  };
}
