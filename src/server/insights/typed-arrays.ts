/**
 * Growing typed arrays and variable-length integers for the search index: its numbers live
 * outside the JavaScript heap, in arrays that double while the index is built and are
 * copied to their exact size when it is done, and most numbers it keeps are small.
 */

export type NumberArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;

/** The array itself when it holds `needed` entries, else a copy at least twice as long. */
export function grown<T extends NumberArray>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  let length = Math.max(16, array.length * 2);
  while (length < needed) length *= 2;
  const larger = new (array.constructor as new (length: number) => T)(length);
  larger.set(array);
  return larger;
}

/** Bytes a non-negative integer below 2^31 takes as a varint (seven bits a byte, high bit: more follow). */
export function varintSize(value: number): number {
  let size = 1;
  for (let rest = value >>> 7; rest > 0; rest >>>= 7) size += 1;
  return size;
}

/** Writes the varint at `at` and answers the position after it. */
export function writeVarint(target: Uint8Array, at: number, value: number): number {
  let rest = value;
  let position = at;
  while (rest >= 0x80) {
    target[position++] = (rest & 0x7f) | 0x80;
    rest >>>= 7;
  }
  target[position++] = rest;
  return position;
}
