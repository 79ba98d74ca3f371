/**
 * How every text field of a consultation request is normalised and checked, in the browser and
 * in the function alike (schemas/consultation.ts applies it to each field, hidden ones included):
 *
 * - a string that is not well-formed UTF-16 (a lone surrogate: no keyboard types one, and
 *   PostgreSQL refuses it) is refused;
 * - invisible characters are removed: Unicode's default-ignorable code points (zero-width space,
 *   soft hyphen, bidirectional embeddings, overrides and isolates, word joiners, the byte order
 *   mark, Hangul fillers, tag characters, ...), which hide or reorder text in an inbox or a CRM.
 *   Kept: the zero-width (non-)joiner, which Persian and Indic scripts and emoji need, and the
 *   two variation selectors that pick text or emoji presentation;
 * - the rest is put in Unicode's composed form (NFC), so one name is stored one way;
 * - control characters (C0, C1, and for one-line fields line breaks too) are refused by the
 *   field's own check, after this.
 */

// eslint-disable-next-line no-misleading-character-class -- a set of single code points, on purpose.
const INVISIBLE = /(?![\u200c\u200d\ufe0e\ufe0f])\p{Default_Ignorable_Code_Point}/gu;

/** Whether a string is well-formed UTF-16 (no lone surrogate). */
export function isWellFormed(value: string): boolean {
  const native = (value as { isWellFormed?: () => boolean }).isWellFormed;
  if (typeof native === "function") return native.call(value);
  try {
    encodeURIComponent(value); // throws URIError on a lone surrogate
    return true;
  } catch {
    return false;
  }
}

/** Without invisible characters, in NFC. (Call it on well-formed strings.) */
export const cleanText = (value: string): string => value.replace(INVISIBLE, "").normalize("NFC");
