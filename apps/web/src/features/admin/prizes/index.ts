// The organiser's prizes after the draw (docs/decisions/0035-prizes-on-the-record.md): the raffle's
// «Premios» section; Hoy lists what waits here and links to it.
export { RafflePrizesSection } from "./raffle-prizes-section";
