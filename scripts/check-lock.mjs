// `npm run lint` step: fails when package-lock.json lacks a platform build that a dependency declares
// as optional, which makes `npm ci` refuse the lock on machines whose registry serves every platform.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { missingOptionalPackages } from "./lib/lock-check.mjs";

const file = resolve(process.argv[2] ?? "package-lock.json");
const missing = missingOptionalPackages(JSON.parse(readFileSync(file, "utf8")));

if (missing.length === 0) {
  console.log("package-lock.json registra todos los paquetes opcionales de cada plataforma.");
} else {
  console.error(`package-lock.json no registra ${missing.length} paquete(s) opcional(es) declarados:`);
  for (const { from, name, range, found } of missing.slice(0, 40)) {
    const what = found ? `registrado en ${found}` : "falta";
    console.error(`  ${name}@${range} (de ${from || "la raíz"}): ${what}`);
  }
  if (missing.length > 40) console.error(`  ... y ${missing.length - 40} más`);
  console.error(
    "npm ci lo rechazará donde el registro sirve todas las plataformas. Ejecuta `npm install` " +
      "(con un registro que sirva todas las plataformas) y confirma package-lock.json.",
  );
  process.exit(1);
}
