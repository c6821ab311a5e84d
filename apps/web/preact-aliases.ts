import { fileURLToPath } from "node:url";
import type { Alias } from "vite";

/**
 * The app is written against React's API and runs on Preact's compatibility layer (decision 0033): the
 * same components, about half the JavaScript on a phone. Applied to the browser build, the server
 * rendering build and the web tests alike, so that what is tested is what ships.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/server$/, replacement: "preact/compat/server" },
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
];

/**
 * The tests' aliases: those above, and Testing Library's ES module build (its default build is CommonJS,
 * whose require() calls no alias reaches).
 */
export const testAliases: Alias[] = [
  ...preactAliases,
  {
    find: /^@testing-library\/react$/,
    replacement: fileURLToPath(
      new URL(
        "../../node_modules/@testing-library/react/dist/@testing-library/react.esm.js",
        import.meta.url,
      ),
    ),
  },
];

/**
 * Packages that import React: the tests must load them through the aliases above (Vitest leaves
 * node_modules to Node otherwise, which would load a second copy of the library).
 */
export const reactDependents: (string | RegExp)[] = [
  /^preact/,
  "@testing-library/react",
  /radix-ui/,
  /@radix-ui\//,
  /@floating-ui\/react/,
  "react-router",
  "@tanstack/react-query",
  "react-hook-form",
  "@hookform/resolvers",
  "sonner",
  "react-remove-scroll",
  "react-remove-scroll-bar",
  "react-style-singleton",
  "use-callback-ref",
  "use-sidecar",
];
