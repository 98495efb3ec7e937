import { describe, expect, it } from 'vitest';
import type { MediaRow } from './formState';
import { isPortalMedia, withFetchFacts } from './remoteMedia';

const row = (url: string, patch: Partial<MediaRow> = {}): MediaRow => ({
  url,
  thumbUrl: null,
  main: false,
  excluded: false,
  energyLabel: false,
  informationList: false,
  width: null,
  height: null,
  fetchStatus: 'PENDING',
  fetchError: null,
  ...patch,
});

describe('images fetched from the seller URL', () => {
  it("puts the fetch results onto the form's rows and keeps the seller's unsaved choices", () => {
    const form = [
      row('https://shop.example/a.jpg', { main: true }),
      row('https://shop.example/b.jpg', { excluded: true }),
    ];
    const fresh = [
      {
        url: 'https://shop.example/b.jpg',
        thumbUrl: null,
        width: null,
        height: null,
        fetchStatus: 'FAILED',
        fetchError: 'REMOTE_IMAGE_NOT_FOUND',
      },
      {
        url: 'https://shop.example/a.jpg',
        thumbUrl: '/media/t-a',
        width: 400,
        height: 300,
        fetchStatus: 'STORED',
        fetchError: null,
      },
    ];
    expect(withFetchFacts(form, fresh)).toEqual([
      row('https://shop.example/a.jpg', {
        main: true,
        thumbUrl: '/media/t-a',
        width: 400,
        height: 300,
        fetchStatus: 'STORED',
      }),
      row('https://shop.example/b.jpg', {
        excluded: true,
        fetchStatus: 'FAILED',
        fetchError: 'REMOTE_IMAGE_NOT_FOUND',
      }),
    ]);
  });

  it('leaves a row the product no longer has, or one the seller just added, as it is', () => {
    const added = row('/media/new', { fetchStatus: null });
    expect(withFetchFacts([added], [])).toEqual([added]);
  });

  it("shows only the portal's own pictures", () => {
    expect(isPortalMedia('/media/0b5c')).toBe(true);
    expect(isPortalMedia('https://shop.example/a.jpg')).toBe(false);
    expect(isPortalMedia(null)).toBe(false);
  });
});
