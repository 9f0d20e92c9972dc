/**
 * Distinct words as numbers while the search index is built: a hash table of ids over one
 * growing character buffer, so a vocabulary of a hundred thousand words costs its
 * characters and a few bytes each, not a JavaScript string and a Map entry apiece. A word
 * is looked up straight from its place in a longer text, without cutting it out.
 */
import { grown } from './typed-arrays.ts';

function hashOfText(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let at = start; at < end; at += 1) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return hash >>> 0;
}

function hashOfChars(chars: Uint16Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let at = start; at < end; at += 1) hash = Math.imul(hash ^ chars[at]!, 0x01000193);
  return hash >>> 0;
}

export class TermInterner {
  #chars = new Uint16Array(1024);
  #charCount = 0;
  /** Word i is #chars[#starts[i]] up to #starts[i + 1]. */
  #starts = new Uint32Array(256);
  #count = 0;
  /** Open addressing, a power of two long, at most half full: id + 1, or 0 where free. */
  #slots = new Int32Array(512);

  get size(): number {
    return this.#count;
  }

  /** The character buffer: word ids index into it through startOf and endOf. */
  get chars(): Uint16Array {
    return this.#chars;
  }

  startOf(id: number): number {
    return this.#starts[id]!;
  }

  endOf(id: number): number {
    return this.#starts[id + 1]!;
  }

  /** The id of text from start to end, a new one (the current size) if the word is new. */
  id(text: string, start = 0, end = text.length): number {
    const mask = this.#slots.length - 1;
    for (let slot = hashOfText(text, start, end) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.#slots[slot]!;
      if (entry === 0) return this.#add(text, start, end, slot);
      if (this.#equals(entry - 1, text, start, end)) return entry - 1;
    }
  }

  #equals(id: number, text: string, start: number, end: number): boolean {
    const from = this.#starts[id]!;
    if (this.#starts[id + 1]! - from !== end - start) return false;
    for (let at = 0; at < end - start; at += 1)
      if (this.#chars[from + at] !== text.charCodeAt(start + at)) return false;
    return true;
  }

  #add(text: string, start: number, end: number, slot: number): number {
    const id = this.#count;
    this.#chars = grown(this.#chars, this.#charCount + end - start);
    for (let at = start; at < end; at += 1) this.#chars[this.#charCount++] = text.charCodeAt(at);
    this.#starts = grown(this.#starts, id + 2);
    this.#starts[id + 1] = this.#charCount;
    this.#count = id + 1;
    this.#slots[slot] = id + 1;
    if (this.#count * 2 > this.#slots.length) this.#rehash();
    return id;
  }

  #rehash(): void {
    const slots = new Int32Array(this.#slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.#count; id += 1) {
      let slot = hashOfChars(this.#chars, this.#starts[id]!, this.#starts[id + 1]!) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.#slots = slots;
  }
}
