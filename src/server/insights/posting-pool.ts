/**
 * Each word's postings grow while articles stream in, with no telling how long any list
 * will get: its bytes go into a chain of slices in a paged pool, each slice twice the last
 * (up to a cap) and ending in the address of the next. A word seen once costs a few bytes,
 * a common one a chain of large slices, and no word needs an array or object of its own.
 */
import { grown } from './typed-arrays.ts';

const PAGE_BITS = 17;
const PAGE_SIZE = 1 << PAGE_BITS;
const PAGE_MASK = PAGE_SIZE - 1;
/** Slice sizes by level, the last four bytes of each holding the next slice's address. */
const FIRST_SLICE = 8;
const LAST_LEVEL = 10;
const POINTER = 4;

const sliceSize = (level: number) => FIRST_SLICE << level;

export class PostingPool {
  #pages: Uint8Array[] = [];
  #pageUsed = PAGE_SIZE;
  #lists = 0;
  #head = new Uint32Array(0);
  /** Where the next byte of a list goes, and where its current slice's room ends (its pointer starts). */
  #writeAt = new Uint32Array(0);
  #roomEnd = new Uint32Array(0);
  #level = new Uint8Array(0);
  #length = new Uint32Array(0);

  #allocate(size: number): number {
    if (this.#pageUsed + size > PAGE_SIZE) {
      this.#pages.push(new Uint8Array(PAGE_SIZE));
      this.#pageUsed = 0;
    }
    const address = (this.#pages.length - 1) * PAGE_SIZE + this.#pageUsed;
    this.#pageUsed += size;
    return address;
  }

  /** Starts list number `list`, which must be the next one. */
  open(list: number): void {
    if (list !== this.#lists) throw new Error(`posting list ${list} opened out of order`);
    this.#lists += 1;
    this.#head = grown(this.#head, this.#lists);
    this.#writeAt = grown(this.#writeAt, this.#lists);
    this.#roomEnd = grown(this.#roomEnd, this.#lists);
    this.#level = grown(this.#level, this.#lists);
    this.#length = grown(this.#length, this.#lists);
    const address = this.#allocate(sliceSize(0));
    this.#head[list] = address;
    this.#writeAt[list] = address;
    this.#roomEnd[list] = address + sliceSize(0) - POINTER;
  }

  #writeByte(list: number, byte: number): void {
    let at = this.#writeAt[list]!;
    if (at === this.#roomEnd[list]) {
      const level = Math.min(this.#level[list]! + 1, LAST_LEVEL);
      const next = this.#allocate(sliceSize(level));
      const page = this.#pages[at >>> PAGE_BITS]!;
      for (let shift = 0; shift < 32; shift += 8) page[(at & PAGE_MASK) + shift / 8] = (next >>> shift) & 0xff;
      this.#level[list] = level;
      this.#roomEnd[list] = next + sliceSize(level) - POINTER;
      at = next;
    }
    this.#pages[at >>> PAGE_BITS]![at & PAGE_MASK] = byte;
    this.#writeAt[list] = at + 1;
    this.#length[list]! += 1;
  }

  /** Appends a non-negative integer below 2^31 as a varint. */
  writeVarint(list: number, value: number): void {
    let rest = value;
    while (rest >= 0x80) {
      this.#writeByte(list, (rest & 0x7f) | 0x80);
      rest >>>= 7;
    }
    this.#writeByte(list, rest);
  }

  length(list: number): number {
    return this.#length[list]!;
  }

  /** Copies the bytes of a list to target at `at`. */
  copy(list: number, target: Uint8Array, at: number): void {
    let address = this.#head[list]!;
    let level = 0;
    let left = this.#length[list]!;
    let to = at;
    while (left > 0) {
      const page = this.#pages[address >>> PAGE_BITS]!;
      const offset = address & PAGE_MASK;
      const room = sliceSize(level) - POINTER;
      const count = Math.min(room, left);
      target.set(page.subarray(offset, offset + count), to);
      to += count;
      left -= count;
      if (left > 0) {
        address =
          (page[offset + room]! | (page[offset + room + 1]! << 8) | (page[offset + room + 2]! << 16)) +
          page[offset + room + 3]! * 0x1000000;
        level = Math.min(level + 1, LAST_LEVEL);
      }
    }
  }
}
