/**
 * Bytes to text and back, losslessly or not at all. A file is UTF-8 (with or without a BOM),
 * UTF-16 with a BOM, or in the encoding the user names with `--encoding` (decoded by iconv-lite,
 * the codec library VS Code itself uses); anything else is refused, because decoding it leniently
 * turns every byte it cannot read into U+FFFD and writes that back: silent corruption.
 */
import { isUtf8 } from 'node:buffer';
import * as iconv from 'iconv-lite';

/** How a file's bytes were read, so they can be written back the same way. */
export type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | { readonly name: string };

export interface Decoded {
  /** The text the engine plans on. A BOM stays in it as U+FEFF (the engine keeps it in place). */
  readonly text: string;
  readonly encoding: Encoding;
}

export type DecodeResult =
  | { readonly ok: true; readonly decoded: Decoded }
  | { readonly ok: false; readonly code: 'UNSUPPORTED_ENCODING' | 'BINARY_FILE'; readonly reason: string };

/** How many leading bytes are scanned for NUL to call a file binary (git and VS Code do the same). */
const binaryProbeBytes = 8000;

/** The encoding's name as users write it (`utf-8`, `windows-1252`). */
export function encodingName(encoding: Encoding): string {
  return typeof encoding === 'string' ? encoding : encoding.name;
}

/** True when iconv-lite knows `name` (checked when the argument is parsed). */
export function isKnownEncoding(name: string): boolean {
  return iconv.encodingExists(name);
}

/**
 * Decodes a file strictly. UTF-8 and UTF-16 are recognised by their byte order mark or, for UTF-8,
 * by being valid; a file that is neither is decoded with `fallback` (the user's `--encoding`) only
 * when that decoding reads every byte back unchanged. Otherwise the result names the line of the
 * first byte that cannot be read. A NUL in the first 8000 bytes (outside UTF-16) means binary.
 */
export function decodeBytes(bytes: Uint8Array, fallback?: string): DecodeResult {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length >= 2 && buffer[0] === 0xff && buffer[1] === 0xfe) return decodeUtf16(buffer, 'utf-16le');
  if (buffer.length >= 2 && buffer[0] === 0xfe && buffer[1] === 0xff) return decodeUtf16(buffer, 'utf-16be');
  if (buffer.subarray(0, binaryProbeBytes).includes(0)) return { ok: false, code: 'BINARY_FILE', reason: 'is a binary file' };
  // Valid UTF-8 is UTF-8: toString is exact on it and keeps a BOM as U+FEFF.
  if (isUtf8(buffer)) return { ok: true, decoded: { text: buffer.toString('utf8'), encoding: 'utf-8' } };
  const bad = firstInvalidUtf8(buffer);
  if (fallback === undefined) {
    return {
      ok: false,
      code: 'UNSUPPORTED_ENCODING',
      reason: `is not UTF-8: line ${lineAt(buffer, bad)} has the byte 0x${hex(buffer[bad])}, which UTF-8 cannot read (name the file's encoding with --encoding, e.g. windows-1252 or latin1)`,
    };
  }
  const text = iconv.decode(buffer, fallback, { stripBOM: false });
  const again = iconv.encode(text, fallback, { addBOM: false });
  const differs = firstDifference(buffer, again);
  if (differs !== -1) {
    return {
      ok: false,
      code: 'UNSUPPORTED_ENCODING',
      reason: `is not ${fallback} either: line ${lineAt(buffer, differs)} has the byte 0x${hex(buffer[differs] ?? 0)}, which ${fallback} does not read back unchanged`,
    };
  }
  return { ok: true, decoded: { text, encoding: { name: fallback } } };
}

/**
 * Decodes a reply: UTF-8, or UTF-16 with a BOM (what a Windows shell's `>` writes). A reply that is
 * neither is refused rather than read with U+FFFD in place of what it says: its text would be
 * written into files. NULs are the engine's to judge (a reply is not a file).
 */
export function decodeReply(bytes: Buffer): { ok: true; text: string } | { ok: false; reason: string } {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    const utf16 = decodeUtf16(bytes, bytes[0] === 0xff ? 'utf-16le' : 'utf-16be');
    return utf16.ok ? { ok: true, text: utf16.decoded.text.replace(/^\ufeff/, '') } : { ok: false, reason: `the reply ${utf16.reason}` };
  }
  if (isUtf8(bytes)) return { ok: true, text: bytes.toString('utf8') };
  const bad = firstInvalidUtf8(bytes);
  return { ok: false, reason: `the reply is not UTF-8: line ${lineAt(bytes, bad)} has the byte 0x${hex(bytes[bad])}` };
}

function decodeUtf16(buffer: Buffer, encoding: 'utf-16le' | 'utf-16be'): DecodeResult {
  const units = buffer.length >> 1;
  const unit = (i: number) => (encoding === 'utf-16le' ? buffer.readUInt16LE(i * 2) : buffer.readUInt16BE(i * 2));
  let line = 1;
  for (let i = 0; i < units; i++) {
    const code = unit(i);
    if (code === 0x0a) line++;
    const high = code >= 0xd800 && code <= 0xdbff;
    const low = code >= 0xdc00 && code <= 0xdfff;
    if (low || (high && !(i + 1 < units && unit(i + 1) >= 0xdc00 && unit(i + 1) <= 0xdfff))) {
      return { ok: false, code: 'UNSUPPORTED_ENCODING', reason: `has a byte order mark for ${encoding.toUpperCase()}, but line ${line} holds a lone surrogate (0x${code.toString(16)}), which is not text` };
    }
    if (high) i++;
  }
  if (buffer.length % 2 === 1) {
    return { ok: false, code: 'UNSUPPORTED_ENCODING', reason: `has a byte order mark for ${encoding.toUpperCase()}, but an odd number of bytes (line ${line} is cut in the middle of a character)` };
  }
  const text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(buffer);
  return { ok: true, decoded: { text, encoding } };
}

/**
 * The bytes of `text` in `encoding`, or why they cannot be written: a character the encoding has
 * no byte for (an edit adding "€" to a latin1 file), or, for a file that existed (`original`), a
 * byte outside the edited part that would not come out as it was. Writing either would change
 * bytes nobody asked to change.
 */
export function encodeText(
  text: string,
  encoding: Encoding,
  original?: { readonly text: string; readonly bytes: Uint8Array },
): { ok: true; bytes: Buffer } | { ok: false; reason: string; nextStep?: string } {
  const bytes = encode(text, encoding);
  if (!holdsExactly(text, encoding) && decode(bytes, encoding) !== text) {
    const at = firstLossyLine(text, encoding);
    const name = encodingName(encoding);
    return {
      ok: false,
      reason: `the new text cannot be written in ${name}: line ${at.line} holds ${JSON.stringify(at.char)}, which ${name} has no byte for`,
      // The encoding is known (named, or read from the file): naming it again changes nothing.
      nextStep: `Replace ${JSON.stringify(at.char)} on line ${at.line} with characters ${name} has (ask the model for them), or convert the file to UTF-8 first and apply the reply again.`,
    };
  }
  if (original) {
    // The unchanged head and tail of the text must come out as the very bytes they were read from.
    const head = commonPrefix(original.text, text);
    const tail = commonSuffix(original.text, text, head);
    const headBytes = encode(original.text.slice(0, head), encoding);
    const tailBytes = encode(original.text.slice(original.text.length - tail), encoding);
    const source = Buffer.from(original.bytes.buffer, original.bytes.byteOffset, original.bytes.byteLength);
    const same = (a: Buffer, b: Buffer) => a.length === b.length && a.equals(b);
    if (!same(source.subarray(0, headBytes.length), headBytes) || !same(bytes.subarray(0, headBytes.length), headBytes) || !same(source.subarray(source.length - tailBytes.length), tailBytes) || !same(bytes.subarray(bytes.length - tailBytes.length), tailBytes)) {
      return { ok: false, reason: `writing it in ${encodingName(encoding)} would change bytes the edit did not touch` };
    }
  }
  return { ok: true, bytes };
}

/**
 * True when `encoding` is known to hold `text` exactly without decoding its bytes again: UTF-8
 * and UTF-16 hold every text but one with a lone surrogate, and a text without any surrogate has
 * none. (Decoding a 10 MB file's new text only to compare it was most of a dry run's check.)
 * False says nothing: the bytes are then decoded and compared.
 */
function holdsExactly(text: string, encoding: Encoding): boolean {
  return (encoding === 'utf-8' || encoding === 'utf-16le' || encoding === 'utf-16be') && !/[\ud800-\udfff]/.test(text);
}

function encode(text: string, encoding: Encoding): Buffer {
  if (encoding === 'utf-8') return Buffer.from(text, 'utf8');
  if (encoding === 'utf-16le') return Buffer.from(text, 'utf16le');
  if (encoding === 'utf-16be') return Buffer.from(text, 'utf16le').swap16();
  return iconv.encode(text, encoding.name, { addBOM: false });
}

function decode(bytes: Buffer, encoding: Encoding): string {
  if (encoding === 'utf-8') return bytes.toString('utf8');
  if (encoding === 'utf-16le' || encoding === 'utf-16be') return new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
  return iconv.decode(bytes, encoding.name, { stripBOM: false });
}

/** The first line (1-based) and character of `text` that `encoding` cannot hold. */
function firstLossyLine(text: string, encoding: Encoding): { line: number; char: string } {
  let line = 1;
  for (const char of text) {
    if (char === '\n') line++;
    else if (decode(encode(char, encoding), encoding) !== char) return { line, char };
  }
  return { line, char: '' };
}

/** The offset of the first byte that starts no valid UTF-8 sequence (the input is known invalid). */
function firstInvalidUtf8(buffer: Buffer): number {
  // Find the first line that is not valid on its own (a line break is never part of a sequence),
  // then feed that line to a fatal streaming decoder one byte at a time: it throws at the bad one.
  let start = 0;
  while (start < buffer.length) {
    let end = buffer.indexOf(0x0a, start);
    if (end === -1) end = buffer.length;
    const line = buffer.subarray(start, end);
    if (!isUtf8(line)) {
      const decoder = new TextDecoder('utf-8', { fatal: true });
      let pending = -1; // where the sequence being read started
      let remaining = 0;
      for (let i = 0; i < line.length; i++) {
        const byte = line[i];
        const before = pending;
        try {
          decoder.decode(line.subarray(i, i + 1), { stream: true });
        } catch {
          // A sequence cut short is the fault of its first byte; anything else of the byte itself.
          return start + (before !== -1 ? before : i);
        }
        if (byte < 0x80) pending = -1;
        else if (byte >= 0xc0) {
          pending = i;
          remaining = byte >= 0xf0 ? 3 : byte >= 0xe0 ? 2 : 1;
        } else if (pending !== -1 && --remaining === 0) pending = -1;
      }
      return start + Math.max(pending, 0); // a sequence cut short by the end of the line
    }
    start = end + 1;
  }
  return 0;
}

function lineAt(buffer: Buffer, offset: number): number {
  let line = 1;
  for (let at = buffer.indexOf(0x0a); at !== -1 && at < offset; at = buffer.indexOf(0x0a, at + 1)) line++;
  return line;
}

function firstDifference(a: Buffer, b: Buffer): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : length;
}

function hex(byte: number): string {
  return byte.toString(16).toUpperCase().padStart(2, '0');
}

/** Length of the common start of two texts, never ending inside a surrogate pair. */
function commonPrefix(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let i = 0;
  while (i < limit && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i > 0 && isHighSurrogate(a.charCodeAt(i - 1))) i--;
  return i;
}

/** Length of the common end of two texts after their common start, never starting inside a pair. */
function commonSuffix(a: string, b: string, prefix: number): number {
  const limit = Math.min(a.length, b.length) - prefix;
  let i = 0;
  while (i < limit && a.charCodeAt(a.length - 1 - i) === b.charCodeAt(b.length - 1 - i)) i++;
  if (i > 0 && isLowSurrogate(a.charCodeAt(a.length - i))) i--;
  return i;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
