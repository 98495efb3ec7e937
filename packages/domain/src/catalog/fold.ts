/**
 * Letters that Unicode does not decompose into a base letter and a mark, so NFD alone would keep them: the
 * Polish ł, the Croatian đ and a few that brand names borrow.
 */
const UNDECOMPOSED: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ø: 'o',
  Ø: 'O',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ß: 'ss',
  þ: 'th',
  Þ: 'TH',
};

/** Text without diacritics ("Škoda Łódź" → "Skoda Lodz"), so searches and brand ids match across languages. */
export function foldDiacritics(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[łŁđĐøØæÆœŒßþÞ]/g, (ch) => UNDECOMPOSED[ch] ?? ch);
}
