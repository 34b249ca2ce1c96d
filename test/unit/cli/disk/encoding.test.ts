import * as assert from 'node:assert/strict';
import { decodeBytes, encodeText, type Decoded } from '../../../../src/cli/disk/encoding';

/** A small deterministic PRNG (a failure names a seed that reproduces). */
function random(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
}

function decoded(bytes: Buffer, fallback?: string): Decoded {
  const result = decodeBytes(bytes, fallback);
  assert.ok(result.ok, result.ok ? '' : result.reason);
  return result.decoded;
}

/** Encodes `text` as the file `bytes` was read and returns the bytes (or throws the reason). */
function written(bytes: Buffer, text: string, fallback?: string): Buffer {
  const file = decoded(bytes, fallback);
  const result = encodeText(text, file.encoding, { text: file.text, bytes });
  assert.ok(result.ok, result.ok ? '' : result.reason);
  return result.bytes;
}

describe('CLI encodings (decode strictly, write back byte for byte)', () => {
  it('valid UTF-8 (BOM, CRLF, astral characters) comes back as the same bytes, and an edit changes only its bytes', () => {
    const rand = random(7);
    const pieces = ['a', 'é', '€', '😀', '\r\n', '\n', ' ', '日本', '\u0301', '\t'];
    for (let round = 0; round < 300; round++) {
      const text = (round % 3 === 0 ? '\ufeff' : '') + Array.from({ length: 40 }, () => pieces[Math.floor(rand() * pieces.length)]).join('');
      const bytes = Buffer.from(text, 'utf8');
      const file = decoded(bytes);
      assert.equal(file.text, text, `round ${round}`);
      assert.deepEqual(written(bytes, file.text), bytes);
      const at = Math.floor(rand() * text.length);
      const edited = text.slice(0, at).replace(/[\ud800-\udbff]$/, '') + 'EDIT' + text.slice(at).replace(/^[\udc00-\udfff]/, '');
      assert.deepEqual(written(bytes, edited), Buffer.from(edited, 'utf8'), `round ${round}`);
    }
  });

  it('refuses invalid UTF-8 with the line and value of the first bad byte', () => {
    const cases: [Buffer, RegExp][] = [
      [Buffer.from('ok\ncaf\xe9 au lait\n', 'latin1'), /line 2 has the byte 0xE9/],
      [Buffer.concat([Buffer.from('a\nb\nc '), Buffer.from([0x80]), Buffer.from('\n')]), /line 3 has the byte 0x80/],
      [Buffer.concat([Buffer.from('x'), Buffer.from([0xc3])]), /line 1 has the byte 0xC3/],
      [Buffer.concat([Buffer.from('é\n'), Buffer.from([0xe0, 0x80, 0x80])]), /line 2 has the byte 0xE0/],
      [Buffer.from([0x41, 0x0a, 0x0a, 0xff]), /line 3 has the byte 0xFF/],
    ];
    for (const [bytes, message] of cases) {
      const result = decodeBytes(bytes);
      assert.equal(result.ok, false);
      assert.ok(!result.ok && result.code === 'UNSUPPORTED_ENCODING');
      assert.match(!result.ok ? result.reason : '', message);
    }
  });

  it('with a named single-byte encoding, every byte the encoding reads comes back unchanged', () => {
    const rand = random(11);
    const undefinedIn1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
    for (let round = 0; round < 200; round++) {
      const bytes = Buffer.from(Array.from({ length: 200 }, () => {
        let byte = 1 + Math.floor(rand() * 255);
        while (undefinedIn1252.has(byte)) byte = 1 + Math.floor(rand() * 255);
        return byte;
      }));
      if (decodeBytes(bytes).ok) continue; // valid UTF-8 by chance: read as UTF-8
      const file = decoded(bytes, 'windows-1252');
      assert.deepEqual(written(bytes, file.text, 'windows-1252'), bytes, `round ${round}`);
      assert.deepEqual(written(bytes, file.text + 'é€\n', 'windows-1252'), Buffer.concat([bytes, Buffer.from([0xe9, 0x80, 0x0a])]));
    }
  });

  it('refuses a byte the named encoding cannot read back, and a character it cannot write', () => {
    const undefinedByte = Buffer.from('ok\nx\x81y\n', 'latin1');
    const result = decodeBytes(undefinedByte, 'windows-1252');
    assert.ok(!result.ok);
    assert.match(!result.ok ? result.reason : '', /not windows-1252 either: line 2 has the byte 0x81/);
    const file = decoded(Buffer.from('caf\xe9\n', 'latin1'), 'latin1');
    const lossy = encodeText('café\n日本\n', file.encoding, { text: file.text, bytes: Buffer.from('caf\xe9\n', 'latin1') });
    assert.ok(!lossy.ok);
    assert.match(!lossy.ok ? lossy.reason : '', /line 2 holds "日", which latin1 has no byte for/);
  });

  it('UTF-16 with a BOM round-trips; a lone surrogate or an odd byte count is refused', () => {
    const text = '\ufeffline\r\n😀\r\n';
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(text, 'utf16le').swap16();
    assert.equal(decoded(le).text, text);
    assert.equal(decoded(be).text, text);
    assert.deepEqual(written(le, text + 'more'), Buffer.from(text + 'more', 'utf16le'));
    assert.deepEqual(written(be, text + 'more'), Buffer.from(text + 'more', 'utf16le').swap16());
    const lone = Buffer.concat([Buffer.from('\ufeffa\n', 'utf16le'), Buffer.from([0x00, 0xd8]), Buffer.from('b', 'utf16le')]);
    assert.match((decodeBytes(lone) as { reason: string }).reason, /line 2 holds a lone surrogate/);
    assert.match((decodeBytes(Buffer.concat([le, Buffer.from([0x41])])) as { reason: string }).reason, /odd number of bytes/);
  });

  it('calls NUL in the first 8000 bytes binary, outside UTF-16', () => {
    assert.equal((decodeBytes(Buffer.from('PNG\0\0data')) as { code: string }).code, 'BINARY_FILE');
    assert.equal(decodeBytes(Buffer.from('\ufeffabc', 'utf16le')).ok, true);
  });

  it('never writes a lone surrogate as U+FFFD', () => {
    const bytes = Buffer.from('a\n');
    const result = encodeText('a\n\ud800\n', 'utf-8', { text: 'a\n', bytes });
    assert.equal(result.ok, false);
  });
});
