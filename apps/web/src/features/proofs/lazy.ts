// The feature's code-split entry, beside index.ts (see features/raffles/lazy.ts).
// The full proof form (react-hook-form, the field components and the upload): on the payment page the
// browser's own form is shown and works until this arrives (decision 0029), so the page hydrates without it.
export const loadProofUploadForm = () => import("./components/proof-upload-form");
