// The feature's code-split entry, beside index.ts (see features/raffles/lazy.ts).
// Code-split: the inline mobile form (with the shared validation, and zod with it) is asked for only when a
// purchase is refused for want of a mobile: the raffle page and its grid do not carry it (decision 0031).
export const loadBuyerPhonePrompt = () =>
  import("./components/buyer-phone-prompt").then((m) => ({ default: m.BuyerPhonePrompt }));
