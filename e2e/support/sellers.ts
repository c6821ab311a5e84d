// Vendedores in the browser tests (docs/decisions/0034-vendedores.md): a phone of their own, and a demo
// account invited, allowed a raffle and signed in as a vendedor.
import type { APIRequestContext, Browser, BrowserContextOptions, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { signIn, skipCookieBanner } from "./people";
import { PHONE } from "./sizes";

export async function phonePage(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL, ...options });
  const page = await context.newPage();
  await skipCookieBanner(page);
  return page;
}

/**
 * A demo account invited as a vendedor, allowed `raffleId` at 10 % and `creditLimit` in cash, who accepts
 * signed in on a phone of their own.
 */
export async function sellerOn(
  world: {
    admin: APIRequestContext;
    browser: Browser;
    origin: string;
    password: string;
    /** The phone's browser, when it needs more than a plain one (its service worker, say). */
    contextOptions?: BrowserContextOptions;
  },
  who: { raffleId: string; name: string; email: string; creditLimit: string },
): Promise<{ seller: { id: string }; vendedor: Page }> {
  const { admin, browser, origin } = world;
  const invited = await admin.post("/api/admin/sellers", { data: { name: who.name, email: who.email } });
  expect(invited.status(), await invited.text()).toBe(201);
  const { seller, invitationUrl } = (await invited.json()) as {
    seller: { id: string };
    invitationUrl: string;
  };
  const terms = await admin.put(`/api/admin/sellers/${seller.id}/raffles/${who.raffleId}`, {
    data: { allowed: true, commissionKind: "percent", commissionValue: "10", creditLimit: who.creditLimit },
  });
  expect(terms.status(), await terms.text()).toBe(200);
  const vendedor = await phonePage(browser, origin, world.contextOptions);
  await signIn(vendedor, who.email, world.password);
  const accepted = await vendedor.request.post("/api/seller/invitations/accept", {
    data: { token: new URL(invitationUrl).searchParams.get("token") },
    headers: { origin },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { seller, vendedor };
}
