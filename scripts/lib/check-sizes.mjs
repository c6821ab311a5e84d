// Measures for scripts/check-sizes.mjs (a `npm run lint` step): file and function lengths in production
// TypeScript, and comments that cite an issue number instead of the spec or a decision record.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, sep } from "node:path";

// TypeScript 7, the repository's compiler, has no JavaScript API: the parser is the TypeScript 5 that
// tools/check-deps keeps nested for dependency-cruiser.
const ts = createRequire(new URL("../../tools/check-deps/package.json", import.meta.url))("typescript");

export const LIMITS = { fileLines: 400, functionLines: 80 };
export const SIZE_DIRS = ["apps/api/src", "apps/web/src", "packages/shared/src"];
export const COMMENT_DIRS = ["apps", "packages", "e2e", "scripts"];

const SKIP_DIRS = new Set(["node_modules", "dist", "drizzle", "test-results", "playwright-report"]);
const EXCLUDED_FILES = new Set(["apps/api/src/db/schema.ts"]);

const toPosix = (path) => path.split(sep).join("/");

/** Every file under `dir` (relative to `root`, posix separators) whose name passes `keep`. */
export function listFiles(root, dir, keep) {
  const out = [];
  const walk = (abs) => {
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith(".")) walk(join(abs, entry.name));
      } else if (keep(entry.name)) out.push(toPosix(relative(root, join(abs, entry.name))));
    }
  };
  walk(join(root, dir));
  return out.sort();
}

const isProductionSource = (name) =>
  /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) && !/\.test\.tsx?$/.test(name) && !/\.gen\.ts$/.test(name);

function parse(file, text) {
  const kind = file.endsWith(".tsx")
    ? ts.ScriptKind.TSX
    : file.endsWith(".ts")
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

function nameOf(node) {
  if (
    node.name &&
    (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) || ts.isPrivateIdentifier(node.name))
  ) {
    return node.name.text;
  }
  const parent = node.parent;
  if (
    parent &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
  ) {
    if (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name)) return parent.name.text;
  }
  if (parent && ts.isExportAssignment(parent)) return "default";
  if (parent && ts.isCallExpression(parent)) {
    const callee = parent.expression;
    const called = ts.isIdentifier(callee)
      ? callee.text
      : ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : "call";
    return `(${called} callback)`;
  }
  return "(anonymous)";
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/**
 * The functions of one source text with their length in lines, from the line of their start to the line of
 * their end. A nested function is named after its enclosing ones ("Page > (map callback)") so the name stays
 * stable when lines move; a repeated name in one file gets " #2", " #3".
 */
export function measureFunctions(file, text) {
  const source = parse(file, text);
  const line = (pos) => source.getLineAndCharacterOfPosition(pos).line;
  const seen = new Map();
  const out = [];
  const visit = (node, path) => {
    let inner = path;
    if (isFunction(node) && node.body) {
      const base = [...path, nameOf(node)].join(" > ");
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      const name = count === 1 ? base : `${base} #${count}`;
      out.push({ name, lines: line(node.getEnd()) - line(node.getStart(source)) + 1 });
      inner = [...path, nameOf(node)];
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(source, []);
  return out;
}

export const countLines = (text) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

/** Lengths of the production files under `dirs` and of their functions. */
export function measure(root, dirs = SIZE_DIRS) {
  const files = [];
  const functions = [];
  for (const dir of dirs) {
    for (const file of listFiles(root, dir, isProductionSource)) {
      if (EXCLUDED_FILES.has(file)) continue;
      const text = readFileSync(join(root, file), "utf8");
      files.push({ file, lines: countLines(text) });
      for (const fn of measureFunctions(file, text)) functions.push({ file, ...fn });
    }
  }
  return { files, functions };
}

/**
 * Offenders against the limits that the baseline does not excuse: one over its limit and not listed, or
 * listed and grown past its recorded size.
 */
export function checkSizes({ files, functions }, baseline = {}, limits = LIMITS) {
  const failures = [];
  const knownFiles = baseline.files ?? {};
  const knownFunctions = baseline.functions ?? {};
  for (const { file, lines } of files) {
    if (lines <= limits.fileLines) continue;
    const recorded = knownFiles[file];
    if (recorded === undefined) failures.push({ file, lines, limit: limits.fileLines, kind: "new-file" });
    else if (lines > recorded) failures.push({ file, lines, limit: recorded, kind: "grown-file" });
  }
  for (const { file, name, lines } of functions) {
    if (lines <= limits.functionLines) continue;
    const recorded = knownFunctions[file]?.[name];
    if (recorded === undefined)
      failures.push({ file, name, lines, limit: limits.functionLines, kind: "new-function" });
    else if (lines > recorded) failures.push({ file, name, lines, limit: recorded, kind: "grown-function" });
  }
  return failures;
}

/**
 * The baseline after `--update`: every current offender at its size, except that a listed one keeps its
 * recorded size when it has grown (the update never lets an entry grow); ones back under the limit leave.
 */
export function updatedBaseline({ files, functions }, baseline = {}, limits = LIMITS) {
  const next = { files: {}, functions: {} };
  for (const { file, lines } of files) {
    if (lines <= limits.fileLines) continue;
    const recorded = baseline.files?.[file];
    next.files[file] = recorded === undefined ? lines : Math.min(recorded, lines);
  }
  for (const { file, name, lines } of functions) {
    if (lines <= limits.functionLines) continue;
    const recorded = baseline.functions?.[file]?.[name];
    next.functions[file] ??= {};
    next.functions[file][name] = recorded === undefined ? lines : Math.min(recorded, lines);
  }
  return next;
}

export function describeFailure(f) {
  const what = f.name ? `${f.file}: función ${f.name}` : f.file;
  switch (f.kind) {
    case "new-file":
      return `${what} tiene ${f.lines} líneas (límite ${f.limit})`;
    case "new-function":
      return `${what} tiene ${f.lines} líneas (límite ${f.limit})`;
    default:
      return `${what} creció a ${f.lines} líneas (la excepción registra ${f.limit})`;
  }
}

// A comment citing an issue: the word issue and a number (with or without "#"), or "#" and a number in
// parentheses.
const ISSUE_CITATION = /\bissue\s*#?\d+|\(#\d+\)/i;

const isCommentedSource = (name) => /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/.test(name) && !/\.d\.ts$/.test(name);

/** Comments of one source text that cite an issue number, with their line (1-based). */
export function issueCitations(file, text) {
  const source = parse(file, text);
  const ranges = new Map();
  const collect = (pos) => {
    for (const range of ts.getLeadingCommentRanges(text, pos) ?? []) ranges.set(range.pos, range);
    for (const range of ts.getTrailingCommentRanges(text, pos) ?? []) ranges.set(range.pos, range);
  };
  const visit = (node) => {
    collect(node.pos);
    collect(node.end);
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  const out = [];
  for (const range of ranges.values()) {
    const comment = text.slice(range.pos, range.end);
    const match = ISSUE_CITATION.exec(comment);
    if (match)
      out.push({ line: source.getLineAndCharacterOfPosition(range.pos).line + 1, citation: match[0] });
  }
  return out.sort((a, b) => a.line - b.line);
}

export function findIssueCitations(root, dirs = COMMENT_DIRS) {
  const out = [];
  for (const dir of dirs) {
    for (const file of listFiles(root, dir, isCommentedSource)) {
      for (const hit of issueCitations(file, readFileSync(join(root, file), "utf8")))
        out.push({ file, ...hit });
    }
  }
  return out;
}
