import { bootstrap } from "./bootstrap";
import { loadConfig } from "./config";

const config = loadConfig();
const app = await bootstrap(config).catch((error: unknown) => {
  // A refused start (weak ADMIN_PASSWORD, unreachable database...) says why in one line and exits non-zero.
  console.error(`rifazo: no se pudo iniciar: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
});

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
