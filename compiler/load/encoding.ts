// Spec files are UTF-8. Decoding anything else as UTF-8 does not fail: each byte that is not
// UTF-8 becomes "�", which then reaches shoppers on every page that shows the text (a spec saved
// in Latin-1 shipped it to 26 pages). So a file is checked before it is parsed: UTF-16 and UTF-32
// are named (by their byte-order mark, or by the NUL bytes every ASCII character brings), other
// bytes are pointed at, and the file is read no further.

import { isUtf8 } from "node:buffer";

interface EncodingProblem {
  /** Where the first byte that is not UTF-8 sits in the decoded text (UTF-16 code units). */
  offset: number;
  /** The encoding the file is saved in, when it can be told: "UTF-16 (little-endian)". */
  encoding?: string;
  /** The first byte that is not UTF-8, as 0xE9. */
  byte?: string;
}

export interface Decoded {
  /** The text without a byte-order mark; where the bytes are not UTF-8, as near as can be shown. */
  text: string;
  problem?: EncodingProblem;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

export function decodeSpec(bytes: Buffer): Decoded {
  const wide = wideEncoding(bytes);
  if (wide) return { text: wide.decode(bytes), problem: { offset: 0, encoding: wide.name } };
  const start = startsWith(bytes, UTF8_BOM) ? UTF8_BOM.length : 0;
  if (isUtf8(bytes)) return { text: bytes.toString("utf8", start) };
  const bad = Math.max(start, Math.min(firstInvalidByte(bytes), bytes.length - 1));
  // The bytes before the bad one are UTF-8, so their decoded length is the column an editor shows.
  return {
    text: bytes.toString("utf8", start),
    problem: {
      offset: bytes.toString("utf8", start, bad).length,
      byte: `0x${bytes[bad]!.toString(16).toUpperCase().padStart(2, "0")}`,
    },
  };
}

interface WideEncoding {
  name: string;
  /** The text for a code frame, byte-order mark dropped. */
  decode: (bytes: Buffer) => string;
}

const utf16 = (littleEndian: boolean): WideEncoding => ({
  name: `UTF-16 (${littleEndian ? "little" : "big"}-endian)`,
  decode: (bytes) => {
    const even = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
    return (littleEndian ? even : even.swap16()).toString("utf16le").replace(/^\uFEFF/, "");
  },
});

const utf32 = (littleEndian: boolean): WideEncoding => ({
  name: `UTF-32 (${littleEndian ? "little" : "big"}-endian)`,
  decode: (bytes) => {
    let text = "";
    for (let i = 0; i + 4 <= bytes.length; i += 4) {
      const code = littleEndian ? bytes.readUInt32LE(i) : bytes.readUInt32BE(i);
      text += code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? "\uFFFD" : String.fromCodePoint(code);
    }
    return text.replace(/^\uFEFF/, "");
  },
});

// The four-byte marks first: UTF-32's little-endian mark begins with UTF-16's.
const byteOrderMarks: [number[], WideEncoding][] = [
  [[0xff, 0xfe, 0x00, 0x00], utf32(true)],
  [[0x00, 0x00, 0xfe, 0xff], utf32(false)],
  [[0xff, 0xfe], utf16(true)],
  [[0xfe, 0xff], utf16(false)],
];

/** UTF-16 or UTF-32, by a byte-order mark or by where the NUL bytes fall in the first 64 bytes. */
function wideEncoding(bytes: Buffer): WideEncoding | undefined {
  for (const [mark, encoding] of byteOrderMarks) if (startsWith(bytes, mark)) return encoding;
  const head = bytes.subarray(0, Math.min(bytes.length, 64));
  if (!head.includes(0)) return undefined;
  // Zero bytes by position modulo 4: ASCII text in UTF-32LE is c 0 0 0, in UTF-16BE 0 c 0 c.
  const zeros = [0, 0, 0, 0];
  const seen = [0, 0, 0, 0];
  head.forEach((byte, i) => {
    seen[i % 4]!++;
    if (byte === 0) zeros[i % 4]!++;
  });
  const all = (k: number) => seen[k]! > 0 && zeros[k] === seen[k];
  const most = (k: number) => seen[k]! > 0 && zeros[k]! * 2 >= seen[k]!;
  const none = (k: number) => zeros[k] === 0;
  if (head.length >= 4) {
    if (all(3) && most(2) && none(0)) return utf32(true);
    if (all(0) && most(1) && none(3)) return utf32(false);
  }
  const odd = zeros[1]! + zeros[3]!;
  const even = zeros[0]! + zeros[2]!;
  const oddSeen = seen[1]! + seen[3]!;
  const evenSeen = seen[0]! + seen[2]!;
  if (oddSeen > 0 && odd * 2 >= oddSeen && even * 4 < evenSeen) return utf16(true);
  if (evenSeen > 0 && even * 2 >= evenSeen && odd * 4 < oddSeen) return utf16(false);
  return undefined;
}

function startsWith(bytes: Buffer, mark: number[]): boolean {
  return bytes.length >= mark.length && mark.every((b, i) => bytes[i] === b);
}

/**
 * The index of the first byte that does not begin a well-formed UTF-8 sequence (Unicode's table
 * 3-7: no overlong forms, no surrogates, nothing past U+10FFFF), or the length when there is none.
 */
function firstInvalidByte(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    let more: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) more = 1;
    else if (lead === 0xe0) [more, low] = [2, 0xa0];
    else if (lead === 0xed) [more, high] = [2, 0x9f];
    else if (lead >= 0xe1 && lead <= 0xef) more = 2;
    else if (lead === 0xf0) [more, low] = [3, 0x90];
    else if (lead === 0xf4) [more, high] = [3, 0x8f];
    else if (lead >= 0xf1 && lead <= 0xf3) more = 3;
    else return i;
    for (let k = 1; k <= more; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf)) return i;
    }
    i += more + 1;
  }
  return bytes.length;
}
