import { ERROR_MESSAGES } from "@rifazo/shared/errors";
import { PAGE_ERROR_MESSAGES } from "@rifazo/shared/page-errors";
import { describe, expect, it } from "vitest";
import { ApiError, errorMessage, isRetryableError, networkError, toApiError } from "./api-error";

describe("toApiError", () => {
  it("uses the server's code, message and fields", () => {
    const error = toApiError(400, {
      error: {
        code: "VALIDATION",
        message: "Revisa el formulario.",
        fields: { email: "Correo inválido", n: 3 },
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe("VALIDATION");
    expect(error.message).toBe("Revisa el formulario.");
    expect(error.fields).toEqual({ email: "Correo inválido" });
  });

  it("falls back to the shared message for the status", () => {
    expect(toApiError(401, undefined).message).toBe(ERROR_MESSAGES.UNAUTHENTICATED);
    expect(toApiError(429, "<html>").code).toBe("RATE_LIMITED");
    expect(toApiError(500, { error: {} }).message).toBe(ERROR_MESSAGES.INTERNAL);
  });

  it("gives a code sent without a message its status's generic message", () => {
    const error = toApiError(403, { error: { code: "EMAIL_NOT_VERIFIED" } });
    expect(error.code).toBe("EMAIL_NOT_VERIFIED");
    expect(error.message).toBe(ERROR_MESSAGES.FORBIDDEN);
  });

  it("keeps a code this build does not know yet, and maps anything not shaped like a code to the status's", () => {
    const unknown = toApiError(409, { error: { code: "SOMETHING_NEW", message: "Otra cosa." } });
    expect(unknown.code).toBe("SOMETHING_NEW");
    expect(unknown.serverCode).toBe("SOMETHING_NEW");
    expect(unknown.message).toBe("Otra cosa.");
    for (const code of ["toString", "constructor", "", "A-B", 42]) {
      const odd = toApiError(404, { error: { code } });
      expect(odd.code, String(code)).toBe("NOT_FOUND");
      expect(odd.message).toBe(ERROR_MESSAGES.NOT_FOUND);
    }
  });

  it("words every code of page-errors as the catalogue does", () => {
    for (const [code, message] of Object.entries(PAGE_ERROR_MESSAGES))
      expect(ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES], code).toBe(message);
  });
});

describe("error helpers", () => {
  it("marks network and server errors as retryable", () => {
    expect(isRetryableError(networkError())).toBe(true);
    expect(networkError().message).toBe(ERROR_MESSAGES.NETWORK);
    expect(isRetryableError(toApiError(503, undefined))).toBe(true);
    expect(isRetryableError(toApiError(404, undefined))).toBe(false);
    expect(isRetryableError(new Error("x"))).toBe(false);
  });

  it("gives a message for anything thrown", () => {
    expect(errorMessage(toApiError(409, { error: { code: "CONFLICT", message: "Ya existe." } }))).toBe(
      "Ya existe.",
    );
    expect(errorMessage(new Error("boom"), "Error Inesperado")).toBe("Error Inesperado");
  });
});
