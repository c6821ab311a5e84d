// Vendedores for the API suites (docs/decisions/0034-vendedores.md): an account invited by the admin,
// the invitation accepted, and the raffle assigned with a commission and a cash limit.
import { expect } from "vitest";
import { type AdminTestContext, call } from "./admin-fixtures";
import { signedInUser } from "./helpers";

/** The invitation token of an invitation link. */
export const tokenOf = (url: string) => new URL(url).searchParams.get("token") as string;

/** An active vendedor allowed to sell `raffleId` with these terms (10 % commission, cash up to 100). */
export async function sellerOf(
  ctx: AdminTestContext,
  raffleId: string,
  terms: { name?: string; creditLimit?: number; commission?: number } = {},
) {
  const name = terms.name ?? "Vendedora Calle";
  const account = await signedInUser(ctx.t.app, { fullName: name });
  const invited = await call(ctx.t, "POST", "/api/admin/sellers", ctx.admin.cookie, {
    name,
    email: account.email,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const { seller, invitationUrl } = invited.json() as { seller: { id: string }; invitationUrl: string };
  const accepted = await call(ctx.t, "POST", "/api/seller/invitations/accept", account.cookie, {
    token: tokenOf(invitationUrl),
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const assigned = await call(
    ctx.t,
    "PUT",
    `/api/admin/sellers/${seller.id}/raffles/${raffleId}`,
    ctx.admin.cookie,
    {
      allowed: true,
      commissionKind: "percent",
      commissionValue: terms.commission ?? 10,
      creditLimit: terms.creditLimit ?? 100,
    },
  );
  expect(assigned.statusCode, assigned.body).toBe(200);
  return { account, sellerId: seller.id };
}
