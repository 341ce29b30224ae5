/**
 * A compact, exact set of words in memory (issue 28 §1; docs/search.md "Real words are never
 * corrected"): the dictionaries' word forms, sorted by bytes and front-coded (each word stores
 * only what differs from the word before it), in blocks of BLOCK words whose first word is whole,
 * so a lookup is a binary search over the blocks and a short scan inside one. The Brazilian
 * Portuguese list (about 2.7 million forms, 35 MB as plain lines) takes about a third of that.
 *
 * Format: the header line HEADER, then per word one byte (the length of the prefix it shares with
 * the word before it, 0 at each block start), the rest of the word in UTF-8, and "\n".
 */

/** Words per block: a lookup decodes at most this many. */
export const BLOCK = 32;
/** First line of a word-list file (its format version). */
export const HEADER = "lexatlas-wordlist 1\n";
const NL = 0x0a;

/**
 * Encodes words, which must be distinct and in byte order (UTF-8), each under 256 bytes and
 * without "\n".
 * @throws Error when they are not (a lookup would then miss words)
 */
export function encodeWordList(words: readonly string[]): Buffer {
  let size = HEADER.length;
  for (const w of words) size += Buffer.byteLength(w, "utf8") + 2;
  const out = Buffer.alloc(size);
  let at = out.write(HEADER, 0, "latin1");
  let previous = Buffer.alloc(0);
  words.forEach((text, i) => {
    const word = Buffer.from(text, "utf8");
    if (word.length > 255 || word.includes(NL))
      throw new Error("word list: a word too long or with a newline");
    if (i > 0 && Buffer.compare(previous, word) >= 0)
      throw new Error("word list: words not distinct and in byte order");
    let shared = 0;
    if (i % BLOCK !== 0) {
      const max = Math.min(previous.length, word.length, 255);
      while (shared < max && previous[shared] === word[shared]) shared++;
    }
    out[at++] = shared;
    at += word.copy(out, at, shared);
    out[at++] = NL;
    previous = word;
  });
  return out.subarray(0, at);
}

/** A decoded word list: `has` answers whether a word (folded like the list) is in it. */
export class WordList {
  /** Bytes held (the encoded list). */
  readonly bytes: number;
  /** Number of words. */
  readonly size: number;
  private readonly data: Buffer;
  /** Byte offset of each block's first entry. */
  private readonly blocks: Int32Array;
  private readonly scratch = Buffer.alloc(512);

  /** @throws Error when `data` does not start with HEADER */
  constructor(data: Buffer) {
    if (!data.subarray(0, HEADER.length).equals(Buffer.from(HEADER))) throw new Error("not a word list");
    this.data = data;
    this.bytes = data.length;
    const starts: number[] = [];
    let at = HEADER.length;
    let n = 0;
    while (at < data.length) {
      if (n % BLOCK === 0) starts.push(at);
      const end = data.indexOf(NL, at + 1);
      if (end < 0) break;
      at = end + 1;
      n++;
    }
    this.size = n;
    this.blocks = Int32Array.from(starts);
  }

  /** The whole first word of block `b` (its shared length is 0). */
  private first(b: number): Buffer {
    const at = this.blocks[b] as number;
    return this.data.subarray(at + 1, this.data.indexOf(NL, at + 1));
  }

  /** True when `word` (already folded: lib/text-fold.ts foldText) is in the list. */
  has(word: string): boolean {
    const key = Buffer.from(word, "utf8");
    if (key.length === 0 || key.length > 255 || this.blocks.length === 0) return false;
    // The last block whose first word is <= key.
    let lo = 0;
    let hi = this.blocks.length - 1;
    if (Buffer.compare(this.first(0), key) > 0) return false;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (Buffer.compare(this.first(mid), key) <= 0) lo = mid;
      else hi = mid - 1;
    }
    const end = lo + 1 < this.blocks.length ? (this.blocks[lo + 1] as number) : this.data.length;
    let at = this.blocks[lo] as number;
    let length = 0;
    while (at < end) {
      const shared = this.data[at] as number;
      const stop = this.data.indexOf(NL, at + 1);
      if (stop < 0) return false;
      const rest = this.data.subarray(at + 1, stop);
      rest.copy(this.scratch, shared);
      length = shared + rest.length;
      const c = Buffer.compare(this.scratch.subarray(0, length), key);
      if (c === 0) return true;
      if (c > 0) return false;
      at = stop + 1;
    }
    return false;
  }
}
