export { type MyPrize, myPrizeQuery, myPrizesQuery, type PublicPrizeStatus, prizeKeys } from "./api";
export { MyPrizesList } from "./components/my-prizes-list";
export { PrizeDetail } from "./components/prize-detail";
export { PrizeStatusBadge, PublicPrizeStatusLine } from "./components/prize-status-badge";
