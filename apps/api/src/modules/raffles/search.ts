import { and, type SQL, sql } from "drizzle-orm";

// Case- and accent-insensitive search without database extensions (PGlite has no unaccent): both the
// column and the query are lowercased and stripped of Spanish diacritics before a LIKE.

const ACCENTED = "áàäâãéèëêíìïîóòöôõúùüûñçÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇ";
const PLAIN = "aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc";
const MAX_TERMS = 8;

/** The SQL side of the fold. Uppercase accented letters are listed too, in case lower() only knows ASCII. */
export function foldSql(expression: SQL): SQL {
  return sql`translate(lower(${expression}), ${ACCENTED}, ${PLAIN})`;
}

/** The same fold in JavaScript. */
export function foldText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** Distinct words of the query, folded; every word must match somewhere ("moto roja" finds "Moto Roja 2025"). */
export function searchTerms(query: string | undefined | null): string[] {
  if (!query) return [];
  const words = foldText(query).split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/** `%term%` with LIKE's own wildcards escaped, so '50%' or 'a_b' are searched literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** True when every term appears in `haystack` (or in one of the alternative expressions per term). */
export function matchesAllTerms(terms: string[], condition: (pattern: string) => SQL): SQL | undefined {
  if (terms.length === 0) return undefined;
  return and(...terms.map((term) => condition(containsPattern(term))));
}
