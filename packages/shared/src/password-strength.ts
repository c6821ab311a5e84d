// How strong a new password must be: one function for the sign-up, change-password and reset forms and for
// the server (every path that sets a password, and ADMIN_PASSWORD at start). It carries the common-password
// and Spanish dictionaries (about a megabyte), so it is its own entry point (`@rifazo/shared/password-strength`),
// never exported from the main index: the web app loads it with a dynamic import() on the pages with a
// password form only, and the home page never downloads it.
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as spanish from "@zxcvbn-ts/language-es-es";
import { PASSWORD_MIN_LENGTH } from "./constants";
import { AUTH_MESSAGES } from "./schemas/auth";

/** zxcvbn's 0..4 scale: 3 means "safely unguessable" (about 10^8 guesses), the usual bar for accounts. */
export const PASSWORD_MIN_SCORE = 3;

/** Words anyone attacking Rifazo tries first, treated like the user's own name and email. */
const SITE_WORDS = [
  "rifazo",
  "rifa",
  "rifas",
  "sorteo",
  "sorteos",
  "boleto",
  "boletos",
  "premio",
  "rifapuntos",
  "venezuela",
  "caracas",
];

// Venezuelan Spanish (tú), with the keys zxcvbn's feedback uses; the es-ES package's own text uses
// "Añade"/"Su contraseña" and some keys read oddly on a form.
const translations = {
  warnings: {
    straightRow: "Las teclas seguidas en el teclado son fáciles de adivinar.",
    keyPattern: "Los patrones cortos del teclado son fáciles de adivinar.",
    simpleRepeat: "Los caracteres repetidos como «aaa» son fáciles de adivinar.",
    extendedRepeat: "Los patrones repetidos como «abcabcabc» son fáciles de adivinar.",
    sequences: "Las secuencias como «abc» o «1234» son fáciles de adivinar.",
    recentYears: "Los años recientes son fáciles de adivinar.",
    dates: "Las fechas son fáciles de adivinar.",
    topTen: "Esta contraseña es de las más usadas del mundo.",
    topHundred: "Esta contraseña es muy común.",
    common: "Esta contraseña es muy común.",
    similarToCommon: "Esta contraseña se parece a una muy común.",
    wordByItself: "Una sola palabra es fácil de adivinar.",
    namesByThemselves: "Un nombre o apellido solo es fácil de adivinar.",
    commonNames: "Los nombres y apellidos comunes son fáciles de adivinar.",
    userInputs: "No uses tu nombre, tu correo ni el nombre del sitio en la contraseña.",
    pwned: "Esta contraseña apareció en una filtración de datos en Internet.",
  },
  suggestions: {
    l33t: "Evita cambios previsibles como «@» en lugar de «a».",
    reverseWords: "Evita palabras comunes escritas al revés.",
    allUppercase: "Pon en mayúscula algunas letras, no todas.",
    capitalization: "Pon en mayúscula otras letras además de la primera.",
    dates: "Evita fechas relacionadas contigo.",
    recentYears: "Evita los años recientes.",
    associatedYears: "Evita años relacionados contigo.",
    sequences: "Evita secuencias de letras o números.",
    repeated: "Evita palabras y caracteres repetidos.",
    longerKeyboardPattern: "Evita los patrones del teclado.",
    anotherWord: "Agrega otra palabra o números poco comunes.",
    useWords: "Usa varias palabras poco comunes, pero evita frases conocidas.",
    noNeed: "Una frase de varias palabras poco comunes es segura sin símbolos ni mayúsculas.",
    pwned: "Si usas esta contraseña en otro sitio, cámbiala allí también.",
  },
  timeEstimation: {
    ltSecond: "menos de un segundo",
    second: "{base} segundo",
    seconds: "{base} segundos",
    minute: "{base} minuto",
    minutes: "{base} minutos",
    hour: "{base} hora",
    hours: "{base} horas",
    day: "{base} día",
    days: "{base} días",
    month: "{base} mes",
    months: "{base} meses",
    year: "{base} año",
    years: "{base} años",
    centuries: "siglos",
  },
};

export const PASSWORD_STRENGTH_MESSAGES = {
  /** Used when zxcvbn finds the password weak but has no specific warning to give. */
  weakFallback: "Esta contraseña es fácil de adivinar.",
  suggestionFallback: "Agrega otra palabra o números poco comunes.",
} as const;

export type PasswordVerdict =
  | { ok: true; score: number }
  | {
      ok: false;
      score: number;
      /** One Spanish sentence or two: why it is weak and what to do, ready for the form and the API. */
      reason: string;
    };

let factory: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  // Building the ranked dictionaries takes a moment: once per process (or page), on first use.
  factory ??= new ZxcvbnFactory({
    translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...spanish.dictionary },
  });
  return factory;
}

const withoutAccents = (text: string) => text.normalize("NFD").replace(/\p{M}+/gu, "");

/**
 * The pieces of a name or email an attacker would try: the whole value, the address before the @, each
 * word, the words run together ("anaperez"), each also without accents ("Pérez" is typed "perez").
 */
function expandUserInputs(values: ReadonlyArray<string | null | undefined>): string[] {
  const out = new Set<string>(SITE_WORDS);
  for (const value of values) {
    const text = value?.trim().toLowerCase();
    if (!text) continue;
    const local = text.split("@")[0] ?? text;
    const words = local.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3);
    for (const piece of [text, local, words.join(""), ...words]) {
      if (!piece) continue;
      out.add(piece);
      out.add(withoutAccents(piece));
    }
  }
  return [...out];
}

/**
 * Whether `password` may be set as a new password. `userInputs` are the account's own name and email
 * (a password made of them is refused). Length first, with the spec's message (spec 1 §9: at least 8).
 */
export function checkPasswordStrength(
  password: string,
  userInputs: ReadonlyArray<string | null | undefined> = [],
): PasswordVerdict {
  if (password.length < PASSWORD_MIN_LENGTH)
    return { ok: false, score: 0, reason: AUTH_MESSAGES.passwordTooShort };
  const result = estimator().check(password, expandUserInputs(userInputs));
  if (result.score >= PASSWORD_MIN_SCORE) return { ok: true, score: result.score };
  const warning = result.feedback.warning || PASSWORD_STRENGTH_MESSAGES.weakFallback;
  const suggestion = result.feedback.suggestions[0] || PASSWORD_STRENGTH_MESSAGES.suggestionFallback;
  return { ok: false, score: result.score, reason: `${warning} ${suggestion}` };
}
