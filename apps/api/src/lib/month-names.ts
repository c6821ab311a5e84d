/**
 * Month abbreviations as Spanish and English receipts and bank statements write them ("05-feb-2024",
 * "Nov 20, 2026", "12 sept 2024"), lower case, to the month number. Shared by the receipt reader and the
 * statement parser so both read the same words.
 */
export const MONTH_NUMBERS: Readonly<Record<string, number>> = {
  ene: 1,
  jan: 1,
  feb: 2,
  mar: 3,
  abr: 4,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  ago: 8,
  aug: 8,
  sep: 9,
  sept: 9,
  set: 9,
  oct: 10,
  nov: 11,
  dic: 12,
  dec: 12,
};
