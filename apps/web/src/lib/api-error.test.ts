import { ERROR_MESSAGES } from "@rifazo/shared/errors";
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

  it("uses the shared message for a known code without a message", () => {
    expect(toApiError(403, { error: { code: "EMAIL_NOT_VERIFIED" } }).message).toBe(
      ERROR_MESSAGES.EMAIL_NOT_VERIFIED,
    );
  });

  it("maps a code outside the catalogue to the status's code, keeping the server's message", () => {
    const unknown = toApiError(409, { error: { code: "SOMETHING_NEW", message: "Otra cosa." } });
    expect(unknown.code).toBe("CONFLICT");
    expect(unknown.message).toBe("Otra cosa.");
    const inherited = toApiError(404, { error: { code: "toString" } });
    expect(inherited.code).toBe("NOT_FOUND");
    expect(inherited.message).toBe(ERROR_MESSAGES.NOT_FOUND);
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
