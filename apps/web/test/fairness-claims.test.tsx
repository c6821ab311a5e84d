// @vitest-environment happy-dom
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { FAIRNESS_CLAIMS, FAIRNESS_HEADINGS } from "@rifazo/shared/fairness-claims";
import type { RaffleDetail } from "@rifazo/shared/schemas/raffles";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import exampleRecord from "../../../docs/draw-protocol/example-record.json";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { DrawPage } from "../src/pages/draw-page";
import { RaffleDetailPage } from "../src/pages/raffle-detail-page";
import { TermsPage } from "../src/pages/terms-page";
import { TransparencyPage } from "../src/pages/transparency-page";
import { makeFrozenRaffleDetail, makeLifecycle, makeRaffleDetail, makeWinner } from "./fixtures/raffle";
import { renderWithProviders, stubFetch, testQueryClient } from "./render";

// The fairness claims register (packages/shared/src/fairness-claims.ts, decision 0021): every sentence
// about the fairness of a draw that a page shows is listed there with the tests that prove it. This test
// fails when a proof's test no longer exists, or when a page shows a fairness sentence not in the register.

const ROOT = path.resolve(__dirname, "../../..");

/** The titles of every it("…")/test("…") of a file (string literals, as the suites write them). */
function testTitles(source: string): Set<string> {
  const titles = new Set<string>();
  const pattern =
    /\b(?:it|test)(?:\.(?:each\([^)]*\)|skip|only|concurrent))?\(\s*(["'`])((?:\\.|(?!\1).)*)\1/g;
  for (const match of source.matchAll(pattern)) {
    titles.add((match[2] ?? "").replace(/\\(.)/g, "$1"));
  }
  return titles;
}

describe("the register's proofs", () => {
  const entries = Object.entries(FAIRNESS_CLAIMS);

  it("every claim has at least one proof, and no two claims say the same", () => {
    expect(entries.length).toBeGreaterThan(10);
    for (const [id, claim] of entries) expect(claim.proofs.length, id).toBeGreaterThan(0);
    const texts = entries.map(([, claim]) => claim.text);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("each proof names an existing file holding a test with exactly that title", () => {
    const cache = new Map<string, Set<string>>();
    const missing: string[] = [];
    for (const [id, claim] of entries) {
      for (const proof of claim.proofs) {
        const file = path.join(ROOT, proof.file);
        if (!existsSync(file)) {
          missing.push(`${id}: no existe ${proof.file}`);
          continue;
        }
        let titles = cache.get(file);
        if (!titles) {
          titles = testTitles(readFileSync(file, "utf8"));
          cache.set(file, titles);
        }
        if (!titles.has(proof.test)) missing.push(`${id}: ${proof.file} no tiene el test «${proof.test}»`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("the title parser reads real titles and misses a renamed one (so the check above can fail)", () => {
    const titles = testTitles(`it("uno", () => {});\n  test('dos «x»', async () => {});\nit(\`tres\`, f)`);
    expect([...titles]).toEqual(["uno", "dos «x»", "tres"]);
    expect(titles.has("uno renombrado")).toBe(false);
  });
});

/**
 * Words that make a sentence a fairness claim (who can choose, predict or change a result, chance,
 * guarantees). "aleatoriedad" alone is the name of a record field ("Aleatoriedad recibida"), not a claim.
 */
const FAIRNESS_WORDS =
  /(?<!\p{L})(nadie|ni siquiera|elegir\p{L}*|elegid[oa]s?|predec\p{L}*|predic\p{L}*|verificable\p{L}*|azar|aleatori(?!edad)\p{L}*|manipul\p{L}*|garantiza\p{L}*|garantía\p{L}*|imparcial\p{L}*|justos?|justas?|transparentes?|trampa\p{L}*|amañ\p{L}*|no depende de)(?!\p{L})/giu;

const normalise = (text: string) => text.replace(/\s+/g, " ").trim();

/** Fairness words the page shows outside the register's sentences and headings, with their context. */
function unregisteredClaims(text: string): string[] {
  let rest = normalise(text);
  const known = [...Object.values(FAIRNESS_CLAIMS).map((c) => c.text), ...Object.values(FAIRNESS_HEADINGS)]
    .map(normalise)
    .sort((a, b) => b.length - a.length);
  for (const sentence of known) rest = rest.split(sentence).join(" ¶ ");
  return [...rest.matchAll(FAIRNESS_WORDS)].map((m) => {
    const at = m.index ?? 0;
    return `«${m[0]}» en: …${rest.slice(Math.max(0, at - 70), at + 70)}…`;
  });
}

describe("the leak check itself", () => {
  it("flags a fairness sentence that is not in the register, and passes the register's own", () => {
    expect(unregisteredClaims("Nadie, ni siquiera Rifazo, puede elegir al ganador.")).toHaveLength(3);
    expect(unregisteredClaims("Un sorteo justo y transparente.")).toHaveLength(2);
    expect(unregisteredClaims(FAIRNESS_CLAIMS.commitment.text)).toEqual([]);
    // A register sentence with one word changed is no longer the register's.
    expect(
      unregisteredClaims(FAIRNESS_CLAIMS.drawButtonAnyone.text.replace("Cualquiera", "Solo Rifazo")),
    ).not.toEqual([]);
  });
});

const fetchMock = stubFetch();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const NOW = new Date("2026-11-20T16:00:00.000Z");
const HOUR = 3_600_000;

function serve(detail?: RaffleDetail) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === "/api/draws") return json(200, []);
    if (url.startsWith("/api/winners")) return json(200, { items: [], years: [] });
    if (detail && url === "/api/raffles/r1") return json(200, detail);
    if (url === "/api/raffles/r1/record") return json(200, { ...exampleRecord, raffleId: "r1" });
    return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
  });
}

const frozen = (roundAt: Date, overrides: Partial<RaffleDetail> = {}) =>
  makeFrozenRaffleDetail(NOW, roundAt, overrides);

const DRAW_PAGES: Array<[string, RaffleDetail]> = [
  [
    "a countdown before the close",
    makeRaffleDetail({ endDate: new Date(NOW.getTime() + 50 * HOUR).toISOString() }),
  ],
  ["frozen, before its round (League of Entropy)", frozen(new Date(NOW.getTime() + 90 * 60_000))],
  [
    "frozen, before its round (another chain)",
    frozen(new Date(NOW.getTime() + 90 * 60_000), { drawTrust: "drand-unknown-chain" }),
  ],
  ["frozen, the round out", frozen(new Date(NOW.getTime() - 30_000))],
  ["frozen, the round late", frozen(new Date(NOW.getTime() - 45 * 60_000))],
  [
    "finished, with a disqualification in its record",
    frozen(new Date(NOW.getTime() - 2 * HOUR), {
      status: "finished",
      drawnAt: new Date(NOW.getTime() - HOUR).toISOString(),
      hasWinners: true,
      winners: [makeWinner(NOW.toISOString())],
      lifecycle: makeLifecycle("finished", { recordAvailable: true, drawRound: 1000 }),
    }),
  ],
  [
    "announced by the organiser",
    makeRaffleDetail({
      status: "frozen",
      announcementType: "external",
      drawTrust: "announced",
      endDate: new Date(NOW.getTime() - HOUR).toISOString(),
      lifecycle: makeLifecycle("frozen", { recordAvailable: false }),
    }),
  ],
  [
    "a lottery raffle",
    makeRaffleDetail({ announcementType: "external", drawTrust: "lottery", endDate: NOW.toISOString() }),
  ],
];

describe("pages show no fairness sentence outside the register", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    vi.stubGlobal("EventSource", undefined);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("transparency page", async () => {
    serve();
    renderWithProviders(<TransparencyPage />, { path: "/transparencia" });
    expect(await screen.findByRole("heading", { name: FAIRNESS_HEADINGS.section })).toBeInTheDocument();
    expect(document.body.textContent).toContain(FAIRNESS_CLAIMS.commitment.text);
    expect(unregisteredClaims(document.body.textContent ?? "")).toEqual([]);
  });

  it("terms page", async () => {
    serve();
    renderWithProviders(<TermsPage />, { path: "/terminos" });
    expect(await screen.findByRole("heading", { name: "5. Sorteos" })).toBeInTheDocument();
    expect(document.body.textContent).toContain(FAIRNESS_CLAIMS.termsDrand.text);
    expect(unregisteredClaims(document.body.textContent ?? "")).toEqual([]);
  });

  for (const [name, detail] of DRAW_PAGES) {
    it(`draw page: ${name}`, async () => {
      serve(detail);
      const client = testQueryClient();
      client.setQueryData(sessionQueryKey, null);
      renderWithProviders(<DrawPage />, { path: "/sorteo/r1", pattern: "/sorteo/:raffleId", client });
      expect(await screen.findByRole("heading", { level: 1, name: detail.title })).toBeInTheDocument();
      if (name.startsWith("finished")) {
        // The record's disqualification is listed, with the register's sentence.
        expect(await screen.findByText(FAIRNESS_CLAIMS.replacementsBlind.text)).toBeInTheDocument();
      }
      expect(unregisteredClaims(document.body.textContent ?? "")).toEqual([]);
    });
  }

  for (const [name, detail] of DRAW_PAGES) {
    it(`raffle page: ${name}`, async () => {
      serve(detail);
      const client = testQueryClient();
      client.setQueryData(sessionQueryKey, null);
      renderWithProviders(<RaffleDetailPage />, { path: "/rifas/r1", pattern: "/rifas/:id", client });
      expect(await screen.findByRole("heading", { level: 1, name: detail.title })).toBeInTheDocument();
      expect(unregisteredClaims(document.body.textContent ?? "")).toEqual([]);
    });
  }
});
