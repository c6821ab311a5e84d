// The feature's code-split entry, beside index.ts (see features/raffles/lazy.ts).
// The inline mobile form a purchase or a proof asks for when the account has no mobile: the wrapper is
// small, and the form (with the shared validation, and zod with it) downloads only when it is shown.
export { PhonePrompt } from "./components/phone-prompt";
