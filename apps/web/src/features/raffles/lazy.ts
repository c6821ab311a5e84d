// The feature's code-split entry, beside index.ts: with the dynamic import in index.ts, every chunk
// importing index.ts would import these chunks too, and the bundler splits the home entry apart.
// Code-split: the cards (logic, price formatting, favourites) are a chunk shared by the home page and /rifas.
export const loadFeaturedRaffles = () => import("./components/featured-raffles");
// Code-split: the number grid only on raffles whose buyers choose their numbers.
export const loadNumberPicker = () => import("./components/number-picker/number-picker");
// Code-split: «Vendedores destacados», only on raffles whose organiser shows the leaderboard.
export const loadSellerLeaderboard = () => import("./components/seller-leaderboard");
