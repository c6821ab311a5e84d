// The slow part of the demo seed, done before its transaction opens: prize images rendered, receipts
// drawn for every planned proof and the demo accounts' passwords hashed.

import { hashPassword } from "better-auth/crypto";
import type { AppContext } from "../context";
import { DEMO_USERS, type DemoUser, type PrizeArt } from "./demo-data";
import type { Plan } from "./demo-plan";
import { DEMO_RAFFLES } from "./demo-raffles";
import { prizeArtFolder, type RenderedPrizeImage, renderPrizeImage } from "./prize-images";
import { renderReceipt } from "./receipt";

export interface PreparedDemo {
  rendered: Map<PrizeArt, RenderedPrizeImage>;
  /** Password hash of each demo account, by email. */
  passwordHashes: Map<string, string>;
  usersByKey: Map<string, DemoUser>;
}

/** Hashes each distinct password once: outside production every account shares DEMO_PASSWORD. */
function onceHasher(): (password: string) => Promise<string> {
  const hashing = new Map<string, Promise<string>>();
  return (password) => {
    let hash = hashing.get(password);
    if (!hash) {
      hash = hashPassword(password);
      hashing.set(password, hash);
    }
    return hash;
  };
}

/** Draws each planned proof's receipt image into `proof.image`. */
function renderReceipts(plan: Plan, usersByKey: Map<string, DemoUser>): Promise<unknown> {
  return Promise.all(
    plan.proofs.map(async (proof) => {
      proof.image = await renderReceipt({
        method: proof.method,
        amount: proof.amount,
        currency: proof.currency,
        reference: proof.reference,
        payer: usersByKey.get(proof.userKey)?.name ?? "Cliente",
        concept: proof.raffle ? `Rifazo: ${proof.raffle.def.title}` : "Rifazo: abono",
        date: proof.createdAt,
      });
    }),
  );
}

export async function prepareDemo(
  ctx: Pick<AppContext, "log">,
  plan: Plan,
  passwords: Map<string, string>,
): Promise<PreparedDemo> {
  const artFolder = prizeArtFolder();
  if (!artFolder)
    ctx.log.warn("demo: no se encontraron las ilustraciones de premios; las rifas quedan sin imagen");
  const arts = [...new Set(DEMO_RAFFLES.map((r) => r.art))];
  const usersByKey = new Map(DEMO_USERS.map((u) => [u.key, u]));
  const hashOnce = onceHasher();
  const [renderedList, passwordHashes] = await Promise.all([
    artFolder ? Promise.all(arts.map((art) => renderPrizeImage(artFolder, art))) : Promise.resolve([]),
    Promise.all(
      DEMO_USERS.map(async (u) => [u.email, await hashOnce(passwords.get(u.email) ?? "")] as const),
    ).then((pairs) => new Map(pairs)),
    renderReceipts(plan, usersByKey),
  ]);
  const rendered = new Map<PrizeArt, RenderedPrizeImage>(
    renderedList.map((img, i) => [arts[i] as PrizeArt, img]),
  );
  return { rendered, passwordHashes, usersByKey };
}
