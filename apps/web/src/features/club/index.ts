export { ClubMemberHeader } from "./club-member-header";
export { ClubWelcome } from "./club-welcome";
export { LevelsGrid } from "./levels-grid";
