import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// React Router's package exports point every bundler at its development build (dev warnings on).
// Production builds use its production build instead: same API, and the warning code drops out.
function reactRouterProduction() {
  const development = fileURLToPath(import.meta.resolve("react-router"));
  const production = development.replace(/([\\/])development([\\/])/, "$1production$2");
  const dir = production.slice(0, production.lastIndexOf("index.mjs"));
  return [
    { find: /^react-router$/, replacement: `${dir}index.mjs` },
    { find: /^react-router\/dom$/, replacement: `${dir}dom-export.mjs` },
  ];
}

export default defineConfig(({ command }) => ({
  // The config is also run from the repository root (`npx vite build apps/web`), so paths are anchored here.
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: { alias: command === "build" ? reactRouterProduction() : [] },
  server: {
    port: 5173,
    // Same-origin API in development too: the session cookie and the CSRF origin check keep working.
    proxy: { "/api": { target: "http://localhost:3001" } },
  },
  preview: { port: 4173, proxy: { "/api": { target: "http://localhost:3001" } } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    // Bundle budget of the home page: browsers without <link rel="modulepreload"> (Safari before 17) skip
    // the hint and fetch those chunks when they are imported; the polyfill would ride in everyone's entry.
    modulePreload: { polyfill: false },
  },
}));
