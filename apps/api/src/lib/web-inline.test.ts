// A chunk's text made fit to travel inside a page (lib/web-inline.ts): what it names, what it may not carry.
import { ORIGIN_PLACEHOLDER, RESOLVE_GLOBAL } from "@rifazo/shared/inline-code";
import { describe, expect, it } from "vitest";
import { codeIsCached, EAGER_COMPILE_HINT, inlineModuleText } from "./web-inline";

const CHUNKS = new Set(["app-A1.js", "page-B2.js", "rolldown-runtime-C3.js"]);
const at = (name: string) => `${ORIGIN_PLACEHOLDER}/assets/${name}`;
/** A carried chunk starts with V8's hint to compile it whole, off the main thread. */
const carried = (text: string) => `${EAGER_COMPILE_HINT}${text}`;

describe("inlineModuleText", () => {
  it("names every chunk by its address, static and dynamic imports alike, and nothing else", () => {
    const code = [
      'import{a as e}from"./rolldown-runtime-C3.js";',
      'import"./app-A1.js";',
      "const p=()=>import(`./page-B2.js`);",
      // Not chunks of this build: left as they are.
      'const s="./notes.js",t=`./other-Z9.js`,u="./app-A1.json";',
    ].join("");
    expect(inlineModuleText("index-X.js", code, CHUNKS)).toBe(
      carried(
        [
          `import{a as e}from"${at("rolldown-runtime-C3.js")}";`,
          `import"${at("app-A1.js")}";`,
          `const p=()=>import(\`${at("page-B2.js")}\`);`,
          'const s="./notes.js",t=`./other-Z9.js`,u="./app-A1.json";',
        ].join(""),
      ),
    );
  });

  it("gives a blob its real address and the import map's resolution (Vite's preload helper)", () => {
    const helper =
      "function s(e){return import.meta.resolve?new URL(import.meta.resolve(e)):new URL(e,import.meta.url)}";
    expect(inlineModuleText("app-A1.js", helper, CHUNKS)).toBe(
      carried(
        `function s(e){return globalThis.${RESOLVE_GLOBAL}?new URL(globalThis.${RESOLVE_GLOBAL}(e)):new URL(e,"${at("app-A1.js")}")}`,
      ),
    );
  });

  it("drops the source map's comment, relative to an address a blob does not have", () => {
    expect(inlineModuleText("app-A1.js", "let a=1;\n//# sourceMappingURL=app-A1.js.map\n", CHUNKS)).toBe(
      carried("let a=1;"),
    );
  });

  it("refuses what cannot sit inside a <script> element or would still need an address of its own", () => {
    expect(inlineModuleText("app-A1.js", 'const t="</script>";', CHUNKS)).toBeNull();
    expect(inlineModuleText("app-A1.js", 'const t="</SCRIPT >";', CHUNKS)).toBeNull();
    expect(inlineModuleText("app-A1.js", 'const t="<!--";', CHUNKS)).toBeNull();
    expect(inlineModuleText("app-A1.js", "const e=import.meta.env;", CHUNKS)).toBeNull();
    expect(inlineModuleText("app-A1.js", "const h=import.meta.hot;", CHUNKS)).toBeNull();
  });
});

describe("codeIsCached", () => {
  it("is the app's cookie, whatever else the request carries", () => {
    expect(codeIsCached(undefined)).toBe(false);
    expect(codeIsCached("rifazo_session=abc")).toBe(false);
    expect(codeIsCached("other=1; rifazo_code_cached=1")).toBe(true);
    expect(codeIsCached("not_rifazo_code_cached=1")).toBe(false);
  });
});
