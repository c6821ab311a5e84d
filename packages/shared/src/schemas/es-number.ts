import { z } from "zod";
import { MONEY_MESSAGES, type ParseOptions, parseEsNumber } from "../domain/money";

// One rule for numbers typed as es-VE text ("1.194,56") wherever a schema takes them: form state, query
// strings, multipart fields. Numbers that arrive typed (JSON) are checked by the same limits.

/** A money or quantity field: text in es-VE or a number in, a number out; Spanish message when refused. */
export function esNumber(options: ParseOptions = {}) {
  return z.union([z.string(), z.number()], { error: MONEY_MESSAGES.invalid }).transform((value, ctx) => {
    const parsed = parseEsNumber(value, options);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: "custom", message: parsed.error });
    return z.NEVER;
  });
}
