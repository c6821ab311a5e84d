// Nothing of this feature is used elsewhere but the bell, which loads apart: see lazy.ts.
export {};
