export { favoriteRafflesQuery } from "./api/favorites-api";
export { FavoriteButton } from "./components/favorite-button";
