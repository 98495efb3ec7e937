import { describe, expect, it } from 'vitest';
import { lineBreaksOf, type RawPiece, rawGroupHash, rawPieces } from './raw-items';

const encoder = new TextEncoder();

/** The text in pieces of `size` bytes, so that every boundary falls somewhere awkward once. */
async function* chunks(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = encoder.encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function pieces(text: string, size = 7): Promise<RawPiece[]> {
  const out: RawPiece[] = [];
  for await (const piece of rawPieces(chunks(text, size))) out.push(piece);
  return out;
}

/** The pieces put back together: the file, byte for byte. */
const joined = (list: RawPiece[]) =>
  list
    .map((p) =>
      'between' in p && !('group' in p)
        ? p.between
        : (p as { group: { text: string }[]; between: string[] }).group
            .map((item, i) => item.text + ((p as { between: string[] }).between[i] ?? ''))
            .join(''),
    )
    .join('');

const groups = (list: RawPiece[]) =>
  list.flatMap((p) => ('group' in p ? [p.group.map((i) => `${i.productId}/${i.groupId ?? '-'}`)] : []));

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<!-- a comment with <ITEM> in it -->
<ITEMS a=">">
  <ITEM><ID>A</ID><LONGDESC><![CDATA[<p>not the end: </ITEM> <ITEM></p>]]></LONGDESC></ITEM>
  <ITEM>
    <ID>B-1</ID><ITEMGROUP_ID>B</ITEMGROUP_ID><!-- </ITEM> -->
  </ITEM>
  <ITEM><ITEMGROUP_ID>B</ITEMGROUP_ID><ID>B-2</ID><PARAM name='x>y'><NAME>C</NAME></PARAM></ITEM>
  <ITEMSOMETHING>not an item</ITEMSOMETHING>
  <ITEM><VARIANTS><VARIANT><ID>V-1</ID></VARIANT></VARIANTS><ID>N</ID></ITEM>
  <ITEM/>
  <ITEM><ID>P</ID><?pi </ITEM> ?><NOTE><ITEMX>in</ITEMX></NOTE><NOTE></ITEMX></NOTE><!-- a <![CDATA[ --></ITEM>
  <ITEM><ID>č-1</ID><TITLE>Žluťoučký kůň</TITLE></ITEM>
</ITEMS>
`;

describe('the raw first look at a product feed', () => {
  it('cuts the items out whole and gives everything back byte for byte, whatever the chunks', async () => {
    for (const size of [1, 2, 3, 7, 64, 100_000]) {
      const list = await pieces(FEED, size);
      expect(joined(list), `chunks of ${size}`).toBe(FEED);
      expect(groups(list), `chunks of ${size}`).toEqual([
        ['A/-'],
        ['B/B', 'B/B'],
        ['N/-'],
        ['null/-'],
        ['P/-'],
        ['č-1/-'],
      ]);
    }
  });

  it('hands a file it cannot take apart on whole to the parser, in pieces', async () => {
    const broken = `<ITEMS><ITEM><ID>A</ID></ITEM><ITEM><ID>B</ID><!-- never closed ${'x'.repeat(1000)}`;
    const list = await pieces(broken, 13);
    expect(joined(list)).toBe(broken);
    expect(groups(list)).toEqual([['A/-']]);
    const unclosed = '<ITEMS><ITEM><ID>A</ID>';
    expect(joined(await pieces(unclosed))).toBe(unclosed);
  });

  it('never holds much text outside items', async () => {
    const text = `<ITEMS>${'x'.repeat(300_000)}<ITEM><ID>A</ID></ITEM></ITEMS>`;
    const list = await pieces(text, 4096);
    expect(joined(list)).toBe(text);
    expect(list.filter((p) => 'between' in p && !('group' in p)).length).toBeGreaterThan(3);
  });

  it('tells two products apart by their exact text, and keeps their lines', () => {
    const a = [{ text: '<ITEM><ID>A</ID></ITEM>', productId: 'A', groupId: null }];
    const b = [{ text: '<ITEM><ID>A</ID> </ITEM>', productId: 'A', groupId: null }];
    expect(rawGroupHash('k', a)).toBe(rawGroupHash('k', a));
    expect(rawGroupHash('k', a)).not.toBe(rawGroupHash('k', b));
    expect(rawGroupHash('k', a)).not.toBe(rawGroupHash('other', a));
    expect(lineBreaksOf('<ITEM>\n<ID>A</ID>\r\n</ITEM>')).toBe('\n\r\n');
    expect(lineBreaksOf('<ITEM>\n<ID>A</ID>\n\n</ITEM>\n')).toBe('\n\n\n\n');
    expect(lineBreaksOf('<ITEM/>')).toBe('');
  });
});
