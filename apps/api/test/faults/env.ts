// Read without importing anything: the fault suites are skipped cheaply when there is no server.

/** PostgreSQL server where each suite creates (and drops) its own databases. */
export const SERVER_URL = process.env.TEST_DATABASE_URL;
/** The fault suites need a real PostgreSQL server (PGlite is one process's in-memory database). */
export const NEEDS_SERVER = !SERVER_URL;
