import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DrawInputError } from "./draw-engine";
import { generateReceiptSecret, isReceiptSecret, ownerTag, ownerTagMessage } from "./owner-tag";

const raffleId = "3f0c6b2e-9a41-4c1e-8d2a-5b7e9f1a2c3d";

describe("marca del dueño", () => {
  it("es HMAC-SHA256(secreto, 'rifazo-owner-tag-v1' ␟ rifa ␟ NNNN) truncado a 16 bytes", async () => {
    const secret = generateReceiptSecret();
    expect(isReceiptSecret(secret)).toBe(true);
    const expected = createHmac("sha256", Buffer.from(secret, "hex"))
      .update(`rifazo-owner-tag-v1\u001f${raffleId}\u001f0042`)
      .digest("hex")
      .slice(0, 32);
    expect(await ownerTag(secret, raffleId, 42)).toBe(expected);
    expect(new TextDecoder().decode(ownerTagMessage(raffleId, 7))).toBe(
      `rifazo-owner-tag-v1\u001f${raffleId}\u001f0007`,
    );
  });

  it("cambia con el secreto, la rifa y el número", async () => {
    const secret = "11".repeat(32);
    const tag = await ownerTag(secret, raffleId, 1);
    expect(await ownerTag("12".repeat(32), raffleId, 1)).not.toBe(tag);
    expect(await ownerTag(secret, "otra", 1)).not.toBe(tag);
    expect(await ownerTag(secret, raffleId, 2)).not.toBe(tag);
    expect(await ownerTag(secret.toUpperCase(), raffleId, 1)).toBe(tag);
  });

  it("rechaza secretos y números inválidos", async () => {
    await expect(ownerTag("11".repeat(31), raffleId, 1)).rejects.toThrow(DrawInputError);
    await expect(ownerTag("11".repeat(32), raffleId, 10000)).rejects.toThrow(DrawInputError);
    await expect(ownerTag("11".repeat(32), "a\u001fb", 1)).rejects.toThrow(DrawInputError);
  });
});
