// Screen texts of the catalogue (spec 1 §8 "Raffles"; the favourites' are in features/favorites). The
// same wording lives in @rifazo/shared/schemas/raffles (RAFFLE_MESSAGES) for the API, but that module
// loads zod, which public pages must not download, so the web copy is kept here.
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
