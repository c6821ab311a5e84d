// The interactive API documentation (Swagger UI at /api/docs) is a map for attackers: off in production
// unless API_DOCS=1 asks for it. The JSON document (/api/openapi.json) stays, the web app's contract.
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { createTestApp, type TestApp } from "../helpers";

const DOCS_URLS = ["/api/docs", "/api/docs/", "/api/docs/json", "/api/docs/static/index.html"];

const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

async function appFor(env: NodeJS.ProcessEnv): Promise<TestApp> {
  const { nodeEnv, apiDocs } = loadConfig(env);
  const t = await createTestApp({ nodeEnv, apiDocs });
  opened.push(t);
  return t;
}

describe("API documentation page", () => {
  it("is off in production: every Swagger UI path answers 404, the JSON document stays", async () => {
    const t = await appFor({ NODE_ENV: "production" });
    for (const url of DOCS_URLS) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toMatch(/swagger/i);
    }
    const doc = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toMatch(/^3\./);
  }, 180_000);

  it("is on in production with API_DOCS=1, and outside production by default", async () => {
    expect(loadConfig({ NODE_ENV: "production", API_DOCS: "1" }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: "production" }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: "development" }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: "development", API_DOCS: "0" }).apiDocs).toBe(false);
    const t = await appFor({ NODE_ENV: "production", API_DOCS: "1" });
    const page = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/swagger/i);
  }, 180_000);
});
