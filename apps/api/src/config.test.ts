import { QUICKNET } from "@rifazo/shared/domain/drand";
import { describe, expect, it } from "vitest";
import { createTestChain } from "../test/drand-relay";
import { loadConfig } from "./config";

describe("configuración de drand (decision 0012)", () => {
  it("sin variables: quicknet de la League of Entropy, sus relays y 2 minutos", () => {
    const config = loadConfig({});
    expect(config.drandChainInfo).toEqual(QUICKNET.info);
    expect(config.drandRelays).toEqual([...QUICKNET.relays]);
    expect(config.drawRoundDelayMinutes).toBe(2);
  });

  it("una cadena propia guarda solo los campos del acta; relays separados por comas", () => {
    const chain = createTestChain();
    const config = loadConfig({
      DRAND_CHAIN_INFO: JSON.stringify({ ...chain.info, extra: "x", metadata: { beaconID: "t", other: 1 } }),
      DRAND_RELAYS: " http://127.0.0.1:9000/ , http://127.0.0.1:9001",
      DRAW_ROUND_DELAY_MINUTES: "0",
    });
    expect(config.drandChainInfo).toEqual({ ...chain.info, metadata: { beaconID: "t" } });
    expect(config.drandRelays).toEqual(["http://127.0.0.1:9000", "http://127.0.0.1:9001"]);
    expect(config.drawRoundDelayMinutes).toBe(0);
  });

  it("rechaza al arrancar una cadena inválida, un impostor de quicknet y una demora imposible", () => {
    expect(() => loadConfig({ DRAND_CHAIN_INFO: "{" })).toThrow(/no es JSON válido/);
    expect(() => loadConfig({ DRAND_CHAIN_INFO: JSON.stringify({ hash: "x" }) })).toThrow(/debe tener/);
    const impostor = { ...createTestChain().info, hash: QUICKNET.info.hash };
    expect(() => loadConfig({ DRAND_CHAIN_INFO: JSON.stringify(impostor) })).toThrow(/dice ser quicknet/);
    expect(() => loadConfig({ DRAW_ROUND_DELAY_MINUTES: "-1" })).toThrow(/DRAW_ROUND_DELAY_MINUTES/);
    expect(() => loadConfig({ DRAW_ROUND_DELAY_MINUTES: "1.5" })).toThrow(/DRAW_ROUND_DELAY_MINUTES/);
  });

  it("en producción: solo la League of Entropy (salvo DRAND_ALLOW_UNKNOWN_CHAIN=1) y al menos 1 minuto", () => {
    const own = JSON.stringify(createTestChain().info);
    const production = { NODE_ENV: "production" };
    expect(() => loadConfig({ ...production, DRAND_CHAIN_INFO: own })).toThrow(
      /no es de la League of Entropy/,
    );
    expect(() =>
      loadConfig({ ...production, DRAND_ALLOW_UNKNOWN_CHAIN: "true", DRAND_CHAIN_INFO: own }),
    ).toThrow(/no es de la League of Entropy/);
    expect(
      loadConfig({ ...production, DRAND_ALLOW_UNKNOWN_CHAIN: "1", DRAND_CHAIN_INFO: own })
        .drandAllowUnknownChain,
    ).toBe(true);
    expect(() => loadConfig({ ...production, DRAW_ROUND_DELAY_MINUTES: "0" })).toThrow(/demasiado poco/);
    expect(loadConfig({ ...production, DRAW_ROUND_DELAY_MINUTES: "1" }).drawRoundDelayMinutes).toBe(1);
    expect(
      loadConfig({ ...production, DRAND_CHAIN_INFO: JSON.stringify(QUICKNET.info) }).drandChainInfo,
    ).toEqual(QUICKNET.info);
    // Outside production a test chain and delay 0 are fine (tests, e2e, demos).
    expect(loadConfig({ DRAND_CHAIN_INFO: own, DRAW_ROUND_DELAY_MINUTES: "0" }).drawRoundDelayMinutes).toBe(
      0,
    );
  });
});
