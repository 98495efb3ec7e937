import { describe, expect, it } from 'vitest';
import { imageIssue, mediaIssues, mediaToSave } from './media';

describe('product image checks', () => {
  const image = { format: 'jpeg', width: 1280, height: 1024, bytes: 200_000 };

  it('accepts JPEG, GIF and PNG up to 2000 px and 1.5 MB', () => {
    expect(imageIssue(image)).toBeNull();
    expect(imageIssue({ ...image, format: 'gif' })).toBeNull();
    expect(imageIssue({ ...image, format: 'PNG', width: 2000, height: 2000, bytes: 1_572_864 })).toBeNull();
  });

  it('refuses each problem with its own code', () => {
    expect(imageIssue({ ...image, format: 'webp' })).toBe('IMAGE_TYPE_NOT_ALLOWED');
    expect(imageIssue({ ...image, width: 2001 })).toBe('IMAGE_TOO_WIDE');
    expect(imageIssue({ ...image, height: 2001 })).toBe('IMAGE_TOO_HIGH');
    expect(imageIssue({ ...image, bytes: 1_572_865 })).toBe('IMAGE_TOO_LARGE');
  });

  it('names the first problem when there are several', () => {
    expect(imageIssue({ format: 'webp', width: 3000, height: 3000, bytes: 9e6 })).toBe('IMAGE_TYPE_NOT_ALLOWED');
    expect(imageIssue({ ...image, width: 3000, height: 3000, bytes: 9e6 })).toBe('IMAGE_TOO_WIDE');
  });
});

describe('product media', () => {
  const main = { url: '/media/a', main: true };
  const other = { url: '/media/b', main: false };

  it('drops the excluded ones', () => {
    expect(mediaToSave([main, { ...other, excluded: true }])).toEqual([main]);
  });

  it('needs exactly one main image', () => {
    expect(mediaIssues([main, other])).toEqual([]);
    expect(mediaIssues([])).toEqual([{ field: 'media', rule: 'mainImageRequired' }]);
    expect(mediaIssues([other])).toEqual([{ field: 'media', rule: 'mainImageRequired' }]);
    expect(mediaIssues([main, { ...other, main: true }])).toEqual([{ field: 'media', rule: 'mainImageRequired' }]);
  });

  it('does not count an excluded main image', () => {
    expect(mediaIssues([{ ...main, excluded: true }, other])).toEqual([{ field: 'media', rule: 'mainImageRequired' }]);
  });

  it('refuses another image with the main image address, at its place in the list', () => {
    expect(mediaIssues([other, main, { url: '/media/a', main: false }])).toEqual([
      { field: 'media.2.url', rule: 'imageDuplicatesMain' },
    ]);
    expect(mediaIssues([main, { url: '/media/a', main: false, excluded: true }])).toEqual([]);
  });
});
