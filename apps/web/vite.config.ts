import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  // The config is also run from the repository root (`npx vite build apps/web`), so paths are anchored here.
  root: decodeURIComponent(new URL(".", import.meta.url).pathname),
  plugins: [react(), tailwindcss()],
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
    rolldownOptions: {
      treeshake: {
        // The shared package builds zod schemas at module level next to plain message tables. Marking the
        // zod builders pure lets the home route import AUTH_MESSAGES without pulling zod into the entry.
        manualPureFunctions: ["z"],
      },
    },
  },
});
