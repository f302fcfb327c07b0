/** Address search runs from this many characters and shows up to 5 suggestions (spec p1 §9: suggestions 5). */
export const ADDRESS_SEARCH_MIN_LENGTH = 3;
export const ADDRESS_SEARCH_LIMIT = 5;

const normalise = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** 2 when the label starts with the query, 1 when every word of the query starts a word of the label, else 0. */
export function addressMatchScore(label: string, query: string): number {
  const text = normalise(label);
  const wanted = normalise(query);
  if (!wanted) return 0;
  if (text.startsWith(wanted)) return 2;
  const words = ` ${text}`;
  return wanted.split(" ").every((word) => words.includes(` ${word}`)) ? 1 : 0;
}
