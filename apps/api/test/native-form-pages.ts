import type { FastifyInstance } from "fastify";
import { nextIp } from "./helpers";

// Native form submissions as a browser sends them (docs/decisions/0029-reserve-and-pay-before-javascript.md),
// and what a browser without JavaScript reads of the page that answers them.

export const ORIGIN = "http://localhost:3000";
/** What a browser sends with a form's navigation. */
export const NAVIGATION = {
  origin: ORIGIN,
  "sec-fetch-site": "same-origin",
  "sec-fetch-mode": "navigate",
  accept: "text/html",
};

/** A native url-encoded POST of the raffle page's reservation form. */
export function reserveForm(
  app: FastifyInstance,
  raffleId: string,
  body: string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: "POST",
    url: `/api/raffles/${raffleId}/reservations`,
    headers: { ...NAVIGATION, "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: body,
    remoteAddress: nextIp(),
  });
}

/** The page inside <div id="root">, as a browser without JavaScript shows it. */
export function root(html: string): string {
  return html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
}

/** The state the page hands to its scripts (#rifazo-state). */
export function serverState(html: string): { url?: string } {
  const match = /<script type="application\/json" id="rifazo-state">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error("la página no trae #rifazo-state");
  return JSON.parse(match[1]) as { url?: string };
}

/** Every opening tag of `name` whose attributes include `attribute`. */
export function tags(html: string, name: string, attribute: string): string[] {
  return html.match(new RegExp(`<${name}\\b[^>]*${attribute}[^>]*>`, "g")) ?? [];
}
