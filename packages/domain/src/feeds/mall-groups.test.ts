import { describe, expect, it } from 'vitest';
import type { XmlNode } from '../products/xml';
import { FEED_MAX_GROUP_ITEMS } from './limits';
import { type FeedProduct, type GroupRefusal, MallItemGrouper } from './mall-groups';

const el = (name: string, content: string | XmlNode[] = ''): XmlNode =>
  typeof content === 'string' ? { name, text: content, children: [] } : { name, text: '', children: content };

/** A flat ITEM of the marketplace's feed. */
const flat = (id: string, group: string | null, color = 'red', stock = '1'): XmlNode =>
  el('ITEM', [
    el('ID', id),
    ...(group ? [el('ITEMGROUP_ID', group), el('ITEMGROUP_TITLE', 'Tee')] : []),
    el('PRODUCT_TYPE', 'T-shirt'),
    el('CATEGORY_ID', '7'),
    el('PRICE', '100'),
    el('IN_STOCK', stock),
    el('PARAM', [el('NAME', 'COLOR'), el('VALUE', color)]),
    el('PARAM', [el('NAME', 'MATERIAL'), el('VALUE', 'cotton')]),
    el('VARIABLE_PARAMS', [el('PARAM', 'COLOR')]),
    el('MEDIA', [el('URL', `https://img.example/${id}.jpg`), el('MAIN', 'true')]),
  ]);

function groupAll(items: XmlNode[]) {
  const grouper = new MallItemGrouper();
  const products: FeedProduct[] = [];
  const refused: GroupRefusal[] = [];
  items.forEach((node, n) => {
    const out = grouper.push({ node, line: n + 3 });
    products.push(...out.products);
    refused.push(...out.refused);
  });
  const out = grouper.end();
  return { products: [...products, ...out.products], refused: [...refused, ...out.refused] };
}

const names = (node: XmlNode) => node.children.map((c) => c.name);

describe('grouping the flat variants of the marketplace feed', () => {
  it('nests consecutive ITEMs of one ITEMGROUP_ID as the variants of one product; plain ITEMs pass', () => {
    const plain = flat('MUG', null);
    const { products, refused } = groupAll([plain, flat('T-RED', 'T', 'red', '2'), flat('T-BLUE', 'T', 'blue', '3')]);
    expect(refused).toEqual([]);
    expect(products.map((p) => [p.id, p.line, p.items])).toEqual([
      ['MUG', 3, 1],
      ['T', 4, 2],
    ]);
    expect(products[0]!.node).toBe(plain);
    const tee = products[1]!;
    expect(tee.variants).toEqual([
      { id: 'T-RED', line: 4 },
      { id: 'T-BLUE', line: 5 },
    ]);
    expect(tee.node.children.find((c) => c.name === 'ID')?.text).toBe('T');
    // The product keeps the shared elements and the non-variable PARAMs; its stock is the variants' sum.
    expect(names(tee.node)).toEqual([
      'ID',
      'PRODUCT_TYPE',
      'CATEGORY_ID',
      'PARAM',
      'VARIABLE_PARAMS',
      'MEDIA',
      'IN_STOCK',
      'VARIANTS',
    ]);
    expect(tee.node.children.find((c) => c.name === 'IN_STOCK')?.text).toBe('5');
    const variants = tee.node.children.find((c) => c.name === 'VARIANTS')!.children;
    expect(variants.map(names)).toEqual([
      ['ID', 'PRICE', 'IN_STOCK', 'PARAM', 'MEDIA'],
      ['ID', 'PRICE', 'IN_STOCK', 'PARAM', 'MEDIA'],
    ]);
    expect(variants[1]!.children.find((c) => c.name === 'PARAM')?.children[1]?.text).toBe('blue');
  });

  it('refuses ITEMs of a group that comes back after another, and a group of too many ITEMs', () => {
    const { products, refused } = groupAll([flat('A-1', 'A'), flat('B-1', 'B'), flat('A-2', 'A'), flat('C', null)]);
    expect(products.map((p) => p.id)).toEqual(['A', 'B', 'C']);
    expect(refused).toEqual([{ group: 'A', code: 'FEED_ITEMGROUP_SPLIT', line: 5, items: 1 }]);

    const many = Array.from({ length: FEED_MAX_GROUP_ITEMS + 2 }, (_, n) => flat(`M-${n}`, 'M'));
    const big = groupAll(many);
    expect(big.products).toEqual([]);
    expect(big.refused).toEqual([{ group: 'M', code: 'VALIDATION_ERROR', line: 3, items: FEED_MAX_GROUP_ITEMS + 2 }]);
  });
});
