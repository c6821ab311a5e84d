// The feature's code-split entry, beside index.ts: with the dynamic import in index.ts, every chunk
// importing index.ts would import these chunks too, and the bundler splits the home entry apart.
// Code-split: the member's tabs load only for members with points.
export const loadMemberClub = () => import("./components/member-club");
