/**
 * The bytes of request bodies the server holds in memory, counted as they arrive: a body
 * holds what has been read of it (up to what its route keeps in memory at once), never what
 * its Content-Length announces. One address (an IPv6 /64) may hold a share of the budget,
 * so a few addresses cannot hold all of it; whatever would pass its share or the budget is
 * refused and takes nothing.
 */

/** Why a body may not take more. */
export type BodyRefusal = 'address_share' | 'budget';

export interface BodyHold {
  /** Takes the bytes just read, up to the body's cap; a refusal takes nothing. */
  add(bytes: number): BodyRefusal | undefined;
  /** Gives back everything the body held; once, however often it is called. */
  release(): void;
  /** Bytes the body holds now. */
  readonly held: number;
  /** Bytes of the body read so far, past its cap too: what its rate is measured by. */
  readonly read: number;
}

export interface BodyBudget {
  /**
   * A hold for one body of the address, which holds at most `cap` bytes at once; refused
   * when the address's share or the budget has no room for `room` bytes (the body's announced
   * length, at most its cap) now. The room is looked at, not taken: the body holds what arrives.
   */
  open(key: string, cap: number, room?: number): BodyHold | BodyRefusal;
  /** Bytes all bodies hold now. */
  readonly held: number;
  /** Bytes the bodies of one address hold now. */
  heldBy(key: string): number;
  /** The most one address may hold. */
  readonly shareBytes: number;
}

/**
 * One address may hold an eighth of the budget: at least eight addresses are needed to fill
 * it, and at the smallest budget (1 MB) a share still takes the largest body one request keeps
 * in memory (an upload's 128 KB), while one address's share of the default 8 MB is sixteen
 * whole form bodies at the 64 KB limit, far more than one household or office posts at once.
 */
export const ADDRESS_SHARE = 1 / 8;

export function createBodyBudget(totalBytes: number, onChange: (held: number) => void = () => {}): BodyBudget {
  const shareBytes = Math.floor(totalBytes * ADDRESS_SHARE);
  const byAddress = new Map<string, number>();
  let held = 0;
  const heldBy = (key: string) => byAddress.get(key) ?? 0;
  const refusal = (key: string, bytes: number): BodyRefusal | undefined => {
    if (held + bytes > totalBytes) return 'budget';
    if (heldBy(key) + bytes > shareBytes) return 'address_share';
    return undefined;
  };
  const move = (key: string, bytes: number) => {
    held += bytes;
    const now = heldBy(key) + bytes;
    // Only addresses holding something are kept, so the map stays as small as the bodies in progress.
    if (now <= 0) byAddress.delete(key);
    else byAddress.set(key, now);
    onChange(held);
  };

  return {
    open(key, cap, room = 1) {
      const refused = refusal(key, Math.max(1, Math.min(room, cap)));
      if (refused) return refused;
      let mine = 0;
      let read = 0;
      let released = false;
      return {
        add(bytes) {
          if (released) return undefined;
          const taken = Math.min(bytes, cap - mine);
          const refused = taken > 0 ? refusal(key, taken) : undefined;
          if (refused) return refused;
          read += bytes;
          if (taken <= 0) return undefined;
          mine += taken;
          move(key, taken);
          return undefined;
        },
        release() {
          if (released) return;
          released = true;
          if (mine > 0) move(key, -mine);
          mine = 0;
        },
        get held() {
          return mine;
        },
        get read() {
          return read;
        },
      };
    },
    get held() {
      return held;
    },
    heldBy,
    shareBytes,
  };
}
