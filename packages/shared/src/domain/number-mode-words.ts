import { claimText, FAIRNESS_HEADINGS } from "../fairness-texts";

// Apart from the glossary: the raffle cards read the glossary on the home page, and the fairness
// register these words come from belongs only to the pages that show a raffle's rules.

/**
 * How a raffle's ticket numbers are given (numberMode), in the words the raffle's public page and the
 * organiser's detail both use: a name and what it means for the buyer.
 */
export const NUMBER_MODE_WORDS = {
  chosen: {
    label: "Números a elección",
    detail: "cada comprador elige sus números en la cuadrícula de la rifa.",
  },
  // A promise about chance: its words live in the fairness register, with the tests that back them.
  random: {
    label: FAIRNESS_HEADINGS.randomNumbersMode,
    detail: claimText("randomNumbers"),
  },
} as const;
