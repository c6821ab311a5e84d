// Playwright globalSetup: one server start migrates a database (and writes what a first start writes),
// and every server of the run starts from a copy of it (support/server.ts) instead of migrating again.
import { prepareServerTemplate } from "./server";

export default async function globalSetup(): Promise<() => Promise<void>> {
  return prepareServerTemplate();
}
