import { describe, expect, it } from "vitest";
import { groupSecret, normalizeTotpCode, totpSecret } from "./password-rules";

describe("two-factor helpers", () => {
  it("keeps the six digits of a pasted code", () => {
    expect(normalizeTotpCode("123 456")).toBe("123456");
    expect(normalizeTotpCode("12-34-567")).toBe("123456");
  });

  it("reads the secret from an otpauth URI", () => {
    const uri = "otpauth://totp/Rifazo:ana%40example.com?secret=jbswy3dpehpk3pxp&issuer=Rifazo&digits=6";
    expect(totpSecret(uri)).toBe("JBSWY3DPEHPK3PXP");
    expect(groupSecret("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
    expect(totpSecret("otpauth://totp/x?issuer=Rifazo")).toBeNull();
  });
});
