import type { DataGridCard } from './types';

/** How many visible columns a card lists when its grid names none. */
export const FALLBACK_CARD_FIELDS = 4;

export interface CardLayout {
  title: string | null;
  subtitle: string[];
  media: string | null;
  fields: string[];
}

/**
 * The columns of a row's card, by field: what the grid names (dropping fields it has no column for),
 * completed from the visible columns in their order where the grid names nothing.
 */
export function cardLayout(
  allFields: readonly string[],
  visibleFields: readonly string[],
  card: DataGridCard = {},
): CardLayout {
  const known = (field: string | undefined) => (field && allFields.includes(field) ? field : null);
  const media = known(card.media);
  const title = known(card.title) ?? visibleFields.find((f) => f !== media) ?? null;
  const subtitle = (card.subtitle ?? []).filter((f) => known(f) && f !== title);
  const taken = new Set([media, title, ...subtitle]);
  const fields = card.fields
    ? card.fields.filter((f) => known(f) && !taken.has(f))
    : visibleFields.filter((f) => !taken.has(f)).slice(0, FALLBACK_CARD_FIELDS);
  return { title, subtitle, media, fields };
}
