// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the patterns and allow-list quote template text on purpose.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Counted nouns go through the shared countText/pluralWord (packages/shared/src/domain/plural.ts): a hand-made
// plural ends up as "hasta 1 horas", "Se aprobarán 1 comprobante" or "boleto(s)". This scans the source of
// the web app, the API (messages, emails, exports) and the shared package for the usual shapes.

const ROOT = join(import.meta.dirname, "../..");
const DIRS = ["apps/web/src", "apps/api/src", "packages/shared/src"];

const NOUNS =
  "horas|días|minutos|boletos|números|comprobantes|pagos|ganadores|premios|cifras|filas|RifaPuntos|rifas|participantes|compradores|imágenes|prórrogas|puntos";
const PATTERNS: { name: string; re: RegExp }[] = [
  // "boleto(s)", "cifra(s)", "día(s)": never in text people read. http(s) is a scheme, not a plural.
  { name: "(s)", re: /[a-záéíóúñ](?<!http)\((s|es)\)(?=[\s:.,;"'`)])/i },
  // `${n} horas`, {n} boletos: the number decides the noun, so the noun cannot be fixed.
  { name: "${n} plural", re: new RegExp(`(\\$\\{[^}]+\\}|\\{[^}]+\\}) (${NOUNS})\\b`) },
  // n === 1 ? "boleto" : "boletos": Intl.PluralRules through pluralWord instead.
  { name: "=== 1 ternary", re: /=== 1 \? ["`][^"`]*["`] : ["`]/ },
];

// Counts that are fixed constants well above one (the noun never changes), or not Spanish text at all.
const ALLOWED: { file: string; includes: string }[] = [
  { file: "apps/api/src/modules/reconciliation/drafts.ts", includes: "${STATEMENT_DRAFT_DAYS} días" },
  { file: "apps/api/src/modules/reconciliation/routes.ts", includes: "${STATEMENT_DRAFT_DAYS} días" },
  {
    file: "apps/web/src/features/admin/reconciliation/statements-list.tsx",
    includes: "${STATEMENT_DRAFT_DAYS} días",
  },
  {
    file: "packages/shared/src/schemas/proofs.ts",
    includes: "${PAYMENTS_PAGE_SIZE} comprobantes por página",
  },
  {
    file: "packages/shared/src/domain/lottery-binding.ts",
    includes: "${LOTTERY_FREEZE_MARGIN_MINUTES} minutos",
  },
  { file: "apps/api/src/modules/reconciliation/parse/grid.ts", includes: "${MAX_STATEMENT_ROWS." },
  // Phrase choices, not counted nouns: "un punto de control" / "N puntos", "la última cifra" / "las últimas N".
  {
    file: "apps/web/src/features/draws/components/checkpoint-check.tsx",
    includes: '=== 1 ? "un punto de control"',
  },
  { file: "apps/api/src/modules/draws/rules.ts", includes: '=== 1 ? "la última cifra"' },
  // A command-line summary for the operator, not a page.
  { file: "apps/api/src/db/backup-command.ts", includes: "console.log(`Restaurado:" },
  // zxcvbn's own singular/plural pairs ({base} minuto / {base} minutos): it picks the form.
  { file: "packages/shared/src/password-strength.ts", includes: '"{base} ' },
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : files(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function isCode(line: string): boolean {
  const trimmed = line.trim();
  return !(trimmed.startsWith("//") || trimmed.startsWith("*") || trimmed.startsWith("/*"));
}

function handPlurals(): string[] {
  const found: string[] = [];
  for (const dir of DIRS) {
    for (const path of files(join(ROOT, dir))) {
      const file = relative(ROOT, path);
      readFileSync(path, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (!isCode(line)) return;
          for (const { name, re } of PATTERNS) {
            if (!re.test(line)) continue;
            if (ALLOWED.some((a) => a.file === file && line.includes(a.includes))) continue;
            found.push(`${file}:${i + 1} [${name}] ${line.trim()}`);
          }
        });
    }
  }
  return found;
}

describe("hand-made plurals", () => {
  it("no user-facing string builds a Spanish plural by hand", () => {
    expect(handPlurals()).toEqual([]);
  });

  it("the scan catches the shapes it forbids", () => {
    const hits = (line: string) => PATTERNS.some(({ re }) => re.test(line));
    expect(hits("`Revisión de pagos: hasta ${hours} horas`")).toBe(true);
    expect(hits("`Con ${n} cifra(s)`")).toBe(true);
    expect(hits('n === 1 ? "boleto" : "boletos"')).toBe(true);
    expect(hits("{count} boletos")).toBe(true);
    expect(hits('`hasta ${countText(hours, "hora", "horas")}`')).toBe(false);
    expect(hits('"una dirección http(s)"')).toBe(false);
  });
});
