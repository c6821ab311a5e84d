import { z } from "zod";
import { MONEY_MESSAGES, type ParseOptions, parseEsNumber } from "../domain/money";

// One rule for numbers typed as es-VE text ("1.194,56") wherever a schema takes them: form state, query
// strings, multipart fields. Numbers that arrive typed (JSON) are checked by the same limits.

export interface EsNumberOptions extends ParseOptions {
  /** Message when nothing usable arrived (missing, null, not text nor a number). Default: MONEY_MESSAGES.invalid. */
  required?: string;
  /** One message for every refusal instead of the parser's own (a quantity's "entero entre 1 y N"). */
  message?: string;
}

/** A money or quantity field: text in es-VE or a number in, a number out; Spanish message when refused. */
export function esNumber(options: EsNumberOptions = {}) {
  const { required, message, ...parse } = options;
  return z
    .union([z.string(), z.number()], { error: message ?? required ?? MONEY_MESSAGES.invalid })
    .transform((value, ctx) => {
      const parsed = parseEsNumber(value, parse);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: "custom", message: message ?? parsed.error });
      return z.NEVER;
    });
}
