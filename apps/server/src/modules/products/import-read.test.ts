import {
  PRODUCT_XML_MAX_ATTRIBUTES,
  PRODUCT_XML_MAX_DEPTH,
  PRODUCT_XML_MAX_ELEMENTS_OUTSIDE_ITEMS,
  PRODUCT_XML_MAX_NODES_PER_ITEM,
} from '@pp/domain';
import { describe, expect, it } from 'vitest';
import { readItems } from './import-read';

/** The file in chunks, as the worker receives it. */
async function* chunked(text: string): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += 64 * 1024) yield bytes.subarray(i, i + 64 * 1024);
}

/** Reads the file as pass 1 and pass 2 do: the item count, or the refusal's code and reason. */
async function read(text: string) {
  const outcome = async (build: boolean) => {
    try {
      const reader = readItems(chunked(text), build);
      for (;;) {
        const next = await reader.next();
        if (next.done) return { items: next.value };
      }
    } catch (error) {
      const { code, params } = error as { code: string; params: { reason?: string } };
      return { code, reason: params.reason };
    }
  };
  const check = await outcome(false);
  expect(await outcome(true)).toEqual(check);
  return check;
}

const ITEM = '<ITEM><ID>A</ID></ITEM>';
const nested = (levels: number, name = 'X') => `${`<${name}>`.repeat(levels)}${`</${name}>`.repeat(levels)}`;

describe('the bounds of the whole product XML', () => {
  it('nests elements to the depth bound and not one level further, inside an ITEM or outside', async () => {
    // ITEMS, then the rest: ITEMS + (MAX - 1) elements is the deepest allowed.
    expect(await read(`<ITEMS>${ITEM}${nested(PRODUCT_XML_MAX_DEPTH - 1)}</ITEMS>`)).toEqual({ items: 1 });
    expect(await read(`<ITEMS>${ITEM}${nested(PRODUCT_XML_MAX_DEPTH)}</ITEMS>`)).toEqual({
      code: 'XML_TOO_COMPLEX',
      reason: 'depth',
    });
    const deepItem = `<ITEM><ID>B</ID>${nested(PRODUCT_XML_MAX_DEPTH - 2, 'PARAM')}</ITEM>`;
    expect(await read(`<ITEMS>${deepItem}</ITEMS>`)).toEqual({ items: 1 });
    const tooDeepItem = `<ITEM><ID>B</ID>${nested(PRODUCT_XML_MAX_DEPTH - 1, 'PARAM')}</ITEM>`;
    expect(await read(`<ITEMS>${tooDeepItem}</ITEMS>`)).toMatchObject({ code: 'XML_TOO_COMPLEX' });
  });

  it('stops unclosed tags at the bound, before the rest of the file', async () => {
    // Half a million unclosed tags: refused at the first level past the bound, not at the end of the file.
    const file = `<ITEMS>${ITEM}<WRAP>${'<a>'.repeat(500_000)}`;
    expect(await read(file)).toEqual({ code: 'XML_TOO_COMPLEX', reason: 'depth' });
  });

  it('counts elements outside ITEM, the root included, up to the bound', async () => {
    const outside = (n: number) => `<ITEMS>${ITEM}${'<NOTE/>'.repeat(n - 1)}</ITEMS>`;
    expect(await read(outside(PRODUCT_XML_MAX_ELEMENTS_OUTSIDE_ITEMS))).toEqual({ items: 1 });
    expect(await read(outside(PRODUCT_XML_MAX_ELEMENTS_OUTSIDE_ITEMS + 1))).toEqual({
      code: 'XML_TOO_COMPLEX',
      reason: 'elements',
    });
    // Nested under an element that is not an ITEM, they count all the same.
    const wrapped = `<ITEMS><GROUP>${'<ITEM/>'.repeat(PRODUCT_XML_MAX_ELEMENTS_OUTSIDE_ITEMS)}</GROUP></ITEMS>`;
    expect(await read(wrapped)).toMatchObject({ code: 'XML_TOO_COMPLEX' });
  });

  it('takes attributes up to the bound on one element', async () => {
    const attributes = (n: number) => Array.from({ length: n }, (_, i) => ` a${i}="v"`).join('');
    expect(await read(`<ITEMS${attributes(PRODUCT_XML_MAX_ATTRIBUTES)}>${ITEM}</ITEMS>`)).toEqual({ items: 1 });
    expect(await read(`<ITEMS>${ITEM}<X${attributes(PRODUCT_XML_MAX_ATTRIBUTES + 1)}/></ITEMS>`)).toEqual({
      code: 'XML_TOO_COMPLEX',
      reason: 'attributes',
    });
  });

  it('counts the elements of an item in the check too, not only when items are built', async () => {
    const big = `<ITEM><ID>C</ID>${'<PARAM/>'.repeat(PRODUCT_XML_MAX_NODES_PER_ITEM)}</ITEM>`;
    expect(await read(`<ITEMS>${big}</ITEMS>`)).toMatchObject({ code: 'XML_ITEM_TOO_LARGE' });
  });
});
