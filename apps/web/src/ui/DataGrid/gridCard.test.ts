import { describe, expect, it } from 'vitest';
import { cardLayout } from './gridCard';

describe('the columns of a card', () => {
  const all = ['image', 'id', 'title', 'price', 'stock', 'status', 'updatedAt'];

  it('shows what the grid names, in its order', () => {
    expect(
      cardLayout(all, all, { media: 'image', title: 'title', subtitle: ['id'], fields: ['price', 'stock', 'status'] }),
    ).toEqual({ media: 'image', title: 'title', subtitle: ['id'], fields: ['price', 'stock', 'status'] });
  });

  it('falls back to the first visible columns when the grid names none', () => {
    expect(cardLayout(all, ['id', 'title', 'price', 'stock', 'status', 'updatedAt'])).toEqual({
      media: null,
      title: 'id',
      subtitle: [],
      fields: ['title', 'price', 'stock', 'status'],
    });
  });

  it('takes the heading from the visible columns when only the fields are named', () => {
    expect(cardLayout(all, ['title', 'price'], { media: 'image', fields: ['price', 'stock'] })).toEqual({
      media: 'image',
      title: 'title',
      subtitle: [],
      fields: ['price', 'stock'],
    });
  });

  it('drops fields the grid has no column for and never lists a column twice', () => {
    expect(
      cardLayout(all, all, { title: 'title', subtitle: ['title', 'shipBy'], fields: ['title', 'gone', 'price'] }),
    ).toEqual({ media: null, title: 'title', subtitle: [], fields: ['price'] });
  });
});
