import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { utf8Check } from './utf8';

/** Passes the chunks through the check; answers the bytes that came out, or the line it refused. */
async function run(chunks: Buffer[]): Promise<{ passed: string } | { line: number }> {
  const out: Buffer[] = [];
  try {
    await pipeline(
      Readable.from(chunks),
      utf8Check((line) => Object.assign(new Error('not UTF-8'), { line })),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          out.push(chunk);
          done();
        },
      }),
    );
    return { passed: Buffer.concat(out).toString('utf8') };
  } catch (error) {
    return { line: (error as { line: number }).line };
  }
}

/** Every way of cutting `bytes` into two chunks. */
const cuts = (bytes: Buffer) =>
  Array.from({ length: bytes.length + 1 }, (_, i) => [bytes.subarray(0, i), bytes.subarray(i)]);

describe('the streaming UTF-8 check of uploads', () => {
  it('passes text in any language unchanged, however the chunks cut its characters', async () => {
    const text = 'carrier;name\nFOXPOST;Győr Árkád\nPACKETA;Łódź 🚚 Žabka\n';
    for (const chunks of cuts(Buffer.from(text))) expect(await run(chunks)).toEqual({ passed: text });
  });

  it('refuses a stray byte, an encoded lone surrogate, an overlong form or a cut-off end, naming its line', async () => {
    const lines = (bad: Buffer) =>
      Buffer.concat([Buffer.from('header\nfirst row ✓\nsecond '), bad, Buffer.from(' row\nlast\n')]);
    for (const bad of [
      Buffer.from([0xff]),
      Buffer.from([0xed, 0xa0, 0x80]), // U+D800, a lone surrogate, written as UTF-8
      Buffer.from([0xc0, 0xaf]), // "/" in two bytes
      Buffer.from([0xe2, 0x82]), // the first two bytes of "€", then a space
    ]) {
      for (const chunks of cuts(lines(bad))) expect(await run(chunks), bad.toString('hex')).toEqual({ line: 3 });
    }
    // A file that ends in the middle of a character: the last line.
    expect(await run([Buffer.from('a\nb\nc'), Buffer.from([0xe2, 0x82])])).toEqual({ line: 3 });
  });
});
