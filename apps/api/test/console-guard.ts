// State of the console.error guard (test/setup.ts), kept apart so test files can import the helper.

type Pattern = string | RegExp;

const matches = (args: unknown[], pattern: Pattern) => {
  const text = args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : String(a))).join(" ");
  return typeof pattern === "string" ? text.includes(pattern) : pattern.test(text);
};

let forTest: Pattern[] = [];
const forFile: Pattern[] = [];
let unexpected: unknown[][] = [];

export const consoleGuard = {
  record(args: unknown[]): void {
    if ([...forTest, ...forFile].some((pattern) => matches(args, pattern))) return;
    unexpected.push(args);
  },
  takeUnexpected(): unknown[][] {
    const taken = unexpected;
    unexpected = [];
    return taken;
  },
  endTest(): void {
    forTest = [];
  },
};

/**
 * Lets console.error calls matching `pattern` through without failing: for the running test when called
 * inside one, for the whole file when called at its top level or in beforeAll ({ file: true }).
 */
export function allowConsoleError(pattern: Pattern, options: { file?: boolean } = {}): void {
  (options.file ? forFile : forTest).push(pattern);
}
