// Runs `npm run build` only when the build output is missing or older than the sources (used by test:e2e).
import { ensureBuilt } from "./lib/build.mjs";

if (!ensureBuilt()) console.log("rifazo: la compilación está al día.");
