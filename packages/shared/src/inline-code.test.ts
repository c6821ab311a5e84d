import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import {
  BLOB_PIECE_CHARS,
  INLINE_BOOT_SCRIPT,
  INLINE_MODULE_TYPE,
  NONCE_TIMING,
  ORIGIN_PLACEHOLDER,
} from "./inline-code";

// The boot script run against a stand-in of the browser's few APIs it uses: what matters is how much text
// becomes a blob in each task, that each chunk's module is its text whole, and the import map at the end.

const ORIGIN = "https://rifazo.example";

class FakeBlob {
  readonly text: string;
  /** The string parts given (a blob made of other blobs copies no text). */
  readonly strings: string[];
  constructor(parts: Array<string | FakeBlob>) {
    this.strings = parts.filter((part): part is string => typeof part === "string");
    this.text = parts.map((part) => (typeof part === "string" ? part : part.text)).join("");
  }
}

type BootOptions = {
  visible?: boolean;
  /** A keyed form of the page is being sent (@rifazo/shared/form-key-script). */
  leaving?: boolean;
  /** What the form-key script's `__rifazoBusyFor` answers, asked each time. */
  busyFor?: () => number;
};

function boot(
  chunks: Array<{ src: string; text: string; entry?: boolean }>,
  { visible = true, leaving = true, busyFor }: BootOptions = {},
) {
  const tasks: Array<() => void> = [];
  const delays: number[] = [];
  const imported: string[] = [];
  const perTask: FakeBlob[][] = [[]];
  const urls = new Map<string, string>();
  const appended: Array<{ type: string; nonce: string; textContent: string }> = [];
  const scripts = chunks.map((chunk) => ({
    textContent: chunk.text,
    getAttribute: (name: string) => (name === "data-src" ? chunk.src : null),
    hasAttribute: (name: string) => name === "data-entry" && chunk.entry === true,
  }));
  const context: Record<string, unknown> = {
    location: { origin: ORIGIN, href: `${ORIGIN}/rifas` },
    performance: {
      getEntriesByType: () => [{ serverTiming: [{ name: NONCE_TIMING, description: "n0nce" }] }],
    },
    document: {
      visibilityState: visible ? "visible" : "hidden",
      querySelectorAll: (selector: string) =>
        selector === `script[type="${INLINE_MODULE_TYPE}"]` ? scripts : [],
      createElement: () => ({ type: "", nonce: "", textContent: "" }),
      head: { appendChild: (element: (typeof appended)[number]) => appended.push(element) },
    },
    Blob: class extends FakeBlob {
      constructor(parts: Array<string | FakeBlob>) {
        super(parts);
        perTask[perTask.length - 1]?.push(this);
      }
    },
    URL: Object.assign((address: string, base: string) => ({ href: new URL(address, base).href }), {
      createObjectURL: (blob: FakeBlob) => {
        const url = `blob:${ORIGIN}/${urls.size}`;
        urls.set(url, blob.text);
        return url;
      },
    }),
    MessageChannel: class {
      port1: { onmessage: null | (() => void) } = { onmessage: null };
      port2 = { postMessage: () => tasks.push(() => this.port1.onmessage?.()) };
    },
    setTimeout: (run: () => void, delay = 0) => {
      tasks.push(run);
      delays.push(delay);
    },
    // By default the page is being left: the script stops before importing.
    __rifazoLeaving: leaving,
    __rifazoBusyFor: busyFor,
    __import: (address: string) => imported.push(address),
  };
  context.window = context;
  // A script's import() needs a module loader that vm offers only behind a flag: the stand-in records it.
  const script = INLINE_BOOT_SCRIPT.replace("import(en)", "__import(en)");
  expect(script).not.toBe(INLINE_BOOT_SCRIPT);
  runInNewContext(script, context);
  return {
    tasks,
    delays,
    imported,
    perTask,
    urls,
    appended,
    next() {
      perTask.push([]);
      tasks.shift()?.();
    },
  };
}

describe("el arranque de una página que trae su código", () => {
  // Spanish text and an emoji (two UTF-16 units) where a naive cut would split it.
  const big = `${"a".repeat(BLOB_PIECE_CHARS - 1)}🎉${"ñ".repeat(BLOB_PIECE_CHARS)}import("${ORIGIN_PLACEHOLDER}/assets/b.js");${"z".repeat(9000)}`;
  const chunks = [
    { src: "/assets/index.js", text: `import "${ORIGIN_PLACEHOLDER}/assets/app.js";`, entry: true },
    { src: "/assets/app.js", text: big },
    { src: "/assets/empty.js", text: "" },
  ];

  it("en una página visible convierte en blob a lo sumo un trozo por tarea, sin partir un carácter", () => {
    const run = boot(chunks);
    let guard = 0;
    while (run.tasks.length && guard++ < 100) run.next();
    expect(run.tasks).toHaveLength(0);
    const pieces = run.perTask.map((blobs) => blobs.flatMap((blob) => blob.strings));
    for (const strings of pieces) {
      expect(strings.length).toBeLessThanOrEqual(1);
      for (const text of strings) {
        expect(text.length).toBeLessThanOrEqual(BLOB_PIECE_CHARS);
        // No piece ends on the first half of a surrogate pair (it would become U+FFFD).
        const last = text.charCodeAt(text.length - 1);
        expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
      }
    }
    // The big chunk took several tasks, the text cut in more than one piece.
    expect(pieces.filter((strings) => strings.length === 1).length).toBeGreaterThanOrEqual(4);
    expect(run.appended).toHaveLength(1);
  });

  it("cada módulo es el texto entero de su trozo, con el origen de la página, y el mapa los nombra a todos", () => {
    const run = boot(chunks);
    while (run.tasks.length) {
      // The map comes only after the last chunk.
      expect(run.appended).toHaveLength(0);
      run.next();
    }
    const [map] = run.appended;
    expect(map?.type).toBe("importmap");
    expect(map?.nonce).toBe("n0nce");
    const imports = JSON.parse(map?.textContent ?? "{}").imports as Record<string, string>;
    expect(Object.keys(imports).sort()).toEqual(chunks.map((chunk) => `${ORIGIN}${chunk.src}`).sort());
    for (const chunk of chunks) {
      const url = imports[`${ORIGIN}${chunk.src}`] as string;
      expect(run.urls.get(url)).toBe(chunk.text.split(ORIGIN_PLACEHOLDER).join(ORIGIN));
    }
  });

  it("en una página oculta lo hace todo de una vez (nadie espera a tocarla)", () => {
    const run = boot(chunks, { visible: false });
    expect(run.tasks).toHaveLength(0);
    expect(run.appended).toHaveLength(1);
    expect(run.urls.size).toBe(chunks.length);
  });

  it("no arranca la app mientras la compradora llena un formulario con clave: espera a que pare, y luego sí", () => {
    let busy = 1500;
    const run = boot(chunks, { visible: false, leaving: false, busyFor: () => busy });
    // Hidden page: blobs at once, then the start, which waits for as long as the form-key script says.
    expect(run.imported).toEqual([]);
    expect(run.delays).toEqual([1500]);
    busy = 400;
    run.next();
    expect(run.imported).toEqual([]);
    expect(run.delays).toEqual([1500, 400]);
    busy = 0;
    run.next();
    expect(run.imported).toEqual([`${ORIGIN}/assets/index.js`]);
  });

  it("sin formulario tocado arranca la app en cuanto puede", () => {
    const run = boot(chunks, { visible: false, leaving: false, busyFor: () => 0 });
    expect(run.imported).toEqual([`${ORIGIN}/assets/index.js`]);
  });
});
