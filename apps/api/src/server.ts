import { bootstrap } from "./bootstrap";
import { loadConfig } from "./config";

function refuse(error: unknown): never {
  // A refused start (weak ADMIN_PASSWORD, unreachable database, a drand chain or round delay production
  // does not accept...) says why in one line and exits non-zero.
  console.error(`rifazo: no se pudo iniciar: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  refuse(error);
}
const app = await bootstrap(config).catch(refuse);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "cerrando Rifazo");
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`Rifazo escuchando en ${config.publicUrl} (base de datos: ${app.ctx.database.kind})`);
