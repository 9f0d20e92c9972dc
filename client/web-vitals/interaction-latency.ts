/**
 * Interaction to Next Paint as the standard defines it: an interaction's latency is the longest
 * duration among the event entries that share its interactionId, and INP is the longest
 * interaction after skipping one for every 50 (the 98th percentile), so one slow outlier in a
 * long visit does not decide it. Only the ten longest are kept, enough for 500 interactions.
 */
const KEPT = 10;
const INTERACTIONS_PER_SKIP = 50;

/**
 * The shortest event duration the browser reports to an observer (the standard's minimum): an
 * interaction answered faster is not seen, only that it happened.
 */
export const EVENT_DURATION_THRESHOLD_MS = 16;

export interface InteractionLatency {
  /** One event entry of an interaction (interactionId above 0). */
  add(interactionId: number, duration: number): void;
  /** INP in milliseconds; undefined while no interaction was seen. */
  value(): number | undefined;
}

export function createInteractionLatency(): InteractionLatency {
  // Interaction ids grow with each interaction, so a higher id than any before is a new one.
  let highestId = 0;
  let count = 0;
  const longest: { id: number; latency: number }[] = [];
  return {
    add(interactionId, duration) {
      if (interactionId > highestId) {
        highestId = interactionId;
        count += 1;
      }
      const known = longest.find((interaction) => interaction.id === interactionId);
      if (known) known.latency = Math.max(known.latency, duration);
      else if (longest.length < KEPT || duration > longest.at(-1)!.latency)
        longest.push({ id: interactionId, latency: duration });
      else return;
      longest.sort((a, b) => b.latency - a.latency);
      longest.length = Math.min(longest.length, KEPT);
    },
    value() {
      if (longest.length === 0) return undefined;
      return longest[Math.min(longest.length - 1, Math.floor(count / INTERACTIONS_PER_SKIP))]!.latency;
    },
  };
}
