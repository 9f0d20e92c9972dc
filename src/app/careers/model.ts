/** Open positions as both sides see them: the source the loaders ask, and the lookups the pages need. */
import type { Position } from '../content/schemas/career.ts';
import type { Language } from '../i18n/language.ts';

export type { Position };

export interface CareersSource {
  /** The open positions in a language, unique by generic.folder. */
  positions(language: Language): Promise<Position[]>;
}

/** Positions unique by their folder, the first of each kept. */
export function uniqueByFolder(positions: readonly Position[]): Position[] {
  const seen = new Set<string>();
  return positions.filter((position) => {
    if (seen.has(position.generic.folder)) return false;
    seen.add(position.generic.folder);
    return true;
  });
}

/** The related jobs a position names that are still open, without duplicates and without itself. */
export function relatedPositions(position: Position, positions: readonly Position[]): Position[] {
  const byFolder = new Map(positions.map((p) => [p.generic.folder, p]));
  const folders = new Set((position.related ?? []).filter((folder) => folder !== position.generic.folder));
  return [...folders].flatMap((folder) => {
    const related = byFolder.get(folder);
    return related ? [related] : [];
  });
}
