// Screen texts of the catalogue (spec 1 §8 "Raffles" and "Favourites"). The same wording lives in
// @rifazo/shared/schemas/raffles (RAFFLE_MESSAGES) for the API, but that module loads zod, which public
// pages must not download, so the web copy is kept here.
export const RAFFLE_TEXT = {
  notFound: "Rifa no encontrada.",
  listError: "Hubo un problema al cargar las rifas. Por favor, inténtalo más tarde.",
  featuredError: "Hubo un problema al cargar las rifas destacadas. Por favor, inténtalo más tarde.",
  detailError: "No se pudo cargar la rifa. Puede que no exista o haya un problema de conexión.",
  featuredEmpty: "No hay rifas destacadas activas en este momento. ¡Vuelve pronto o explora todas las rifas!",
  listEmpty: "Estamos trabajando en traerte las mejores rifas. ¡Vuelve pronto!",
  listEmptyFiltered: "No se encontraron rifas con los criterios seleccionados.",
  backToRaffles: "Volver a Rifas",
} as const;

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
