// Screen texts of the favourites (spec 1 §8 "Favourites"), written out like RAFFLE_TEXT: the shared
// schemas that hold the API's wording load zod, which public pages must not download.
export const FAVORITE_TEXT = {
  signInTitle: "Inicia sesión",
  signIn: "Debes iniciar sesión para guardar favoritos.",
  /** Spec 1 §6: what the heart tells a visitor before they press it. */
  visitorHint: "Por favor, inicia sesión para añadir rifas a tus favoritos.",
  savedTitle: "Rifa Guardada",
  saved: "Añadida a tus favoritos.",
  removedTitle: "Rifa Eliminada",
  removed: "Eliminada de tus favoritos.",
  saveFailed: "No se pudo guardar el favorito.",
  removeFailed: "No se pudo eliminar el favorito.",
  add: "Añadir a favoritos",
  remove: "Quitar de favoritos",
} as const;
