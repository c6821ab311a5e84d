// The feature's code-split entry, beside index.ts: with the dynamic import in index.ts, every chunk
// importing index.ts would import these chunks too, and the bundler splits the home entry apart.
// Code-split: the cards (logic, price formatting, favourites) are a chunk shared by the home page and /rifas.
export const loadFeaturedRaffles = () => import("./components/featured-raffles");
