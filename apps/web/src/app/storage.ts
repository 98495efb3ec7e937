/**
 * Everything the portal keeps in the browser (spec §3, "Stored locally"), under one prefix so it is easy
 * to find and to clear. Storage can be unavailable (private mode, quota): reads then act as empty.
 */
export const STORAGE_KEYS = {
  token: 'pp.token',
  selectedPartnerId: 'pp.selectedPartnerId',
  backLink: 'pp.backLink',
  language: 'pp.language',
  publicLanguage: 'pp.publicLanguage',
  itemsPerPage: 'pp.itemsPerPage',
  navbarOpen: 'pp.navbarOpen',
  gridSettings: (gridId: string) => `pp.grid.${gridId}`,
} as const;

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // A full or blocked storage only costs the user a preference.
  }
}

export function readStoredJson(key: string): unknown {
  const raw = readStored(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
