import { describe, expect, it } from "vitest";
import { REDACTED, redactSecrets, urlCarriesSecret } from "./secret-urls";

describe("redactSecrets / urlCarriesSecret", () => {
  it("hides links' tokens in the query, whatever the case and wherever they are in the text", () => {
    expect(redactSecrets("/restablecer-contrasena?token=abc123")).toBe(
      `/restablecer-contrasena?token=${REDACTED}`,
    );
    expect(
      redactSecrets(
        '{"links":["http://localhost:3000/api/auth/magic-link/verify?token=AbC_-1&callbackURL=%2F"]}',
      ),
    ).toBe(
      `{"links":["http://localhost:3000/api/auth/magic-link/verify?token=${REDACTED}&callbackURL=%2F"]}`,
    );
    expect(redactSecrets("/x?a=1&Code=999999&secret=s")).toBe(`/x?a=1&Code=${REDACTED}&secret=${REDACTED}`);
  });

  it("hides the token segment of receipt paths, keeping what follows", () => {
    expect(redactSecrets("/recibo/tok123")).toBe(`/recibo/${REDACTED}`);
    expect(redactSecrets("//recibo//tok123?x=1")).toBe(`//recibo//${REDACTED}?x=1`);
    expect(redactSecrets("/api/receipts/tok123/receipt.pdf")).toBe(`/api/receipts/${REDACTED}/receipt.pdf`);
    expect(redactSecrets("/API/Receipts/tok123")).toBe(`/API/Receipts/${REDACTED}`);
  });

  it("leaves ordinary addresses alone", () => {
    for (const url of [
      "/rifas?numero=12",
      "/login?verificado=1",
      "/recibo/",
      "/perfil/pagos",
      "/api/raffles/abc",
    ]) {
      expect(redactSecrets(url), url).toBe(url);
      expect(urlCarriesSecret(url), url).toBe(false);
    }
  });

  it("tells which addresses carry a secret", () => {
    expect(urlCarriesSecret("/restablecer-contrasena?token=abc")).toBe(true);
    expect(urlCarriesSecret(new URL("https://rifazo.example/recibo/abc"))).toBe(true);
    expect(
      urlCarriesSecret(new URL("https://rifazo.example/api/auth/verify-email?token=x&callbackURL=/")),
    ).toBe(true);
  });
});
