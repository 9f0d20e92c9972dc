/**
 * A bound on pages rendered and being sent at once. Rendering is CPU work on one thread, so
 * more at once only adds memory: every answer in flight holds its data and its render state
 * until its last byte is written. Requests beyond the bound wait their turn; beyond the
 * waiting bound they are refused, so the process never runs out of heap however many
 * uncached pages are asked for at once. A client that stops reading holds its slot until
 * IDLE_TIMEOUT_MS closes its connection.
 */
import { createSlots, type Slots } from '../http/slots.ts';

export type RenderSlots = Slots;

export function createRenderSlots(limit: number, maxWaiting: number): RenderSlots {
  return createSlots(limit, maxWaiting);
}
