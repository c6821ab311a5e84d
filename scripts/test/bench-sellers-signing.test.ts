import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { sellerSaleInputSchema, sellerSaleSigningText } from "@rifazo/shared";
import { describe, expect, it } from "vitest";
import { prepareQueues, signingText } from "../bench/sellers-setup.mjs";

// Part "sellers" of npm run bench signs its queued sales without the TypeScript package (a plain .mjs run
// by node): its signing text must stay the one the server checks (decision 0034, "Offline sales").

describe("npm run bench, vendedores: la firma de una venta sin señal", () => {
  it("es la del servidor para cada venta de la cola, en efectivo y por Pago Móvil", () => {
    const saleKey = randomBytes(32).toString("base64url");
    const sellers = [{ saleKey }, { saleKey }];
    prepareQueues({ sellers, raffleId: randomUUID(), totalTickets: 10_000, perSeller: 30 });
    const bodies = sellers.flatMap((s: { queue?: Array<Record<string, unknown>> }) => s.queue ?? []);
    expect(new Set(bodies.map((b) => b.method))).toEqual(new Set(["efectivo_usd", "pago_movil"]));
    for (const body of bodies) {
      const parsed = sellerSaleInputSchema.parse(body);
      expect(signingText(body)).toBe(sellerSaleSigningText(parsed));
      const expected = createHmac("sha256", Buffer.from(saleKey, "base64url"))
        .update(sellerSaleSigningText(parsed))
        .digest("base64url");
      expect(body.signature).toBe(expected);
    }
  });
});
