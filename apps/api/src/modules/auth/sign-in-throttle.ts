import type { Executor } from "../../db/client";
import { clear, giveBack, hit, RATE_RULES, type RateRule } from "../../lib/rate-limit";

// Password sign-in limits that cannot be turned into a lock-out (docs/decisions/0007-one-sign-in-path.md):
// - per (account, client): a client is a device that signed in to the account before, else an address;
//   a few wrong passwords and that pair waits, nobody else does;
// - per account, from every unknown client together: a ceiling on distributed guessing;
// - per address, any account: the existing limit, for clients that are not a known device.
// A known device is never refused by what other clients did; the email sign-in link is the other way in.

export const SIGN_IN_THROTTLE = {
  perClient: RATE_RULES.signInPerClient,
  perAccount: RATE_RULES.signInPerAccount,
  perIp: RATE_RULES.signInPerIp,
} as const satisfies Record<string, RateRule>;

export interface SignInClient {
  email: string;
  ip: string;
  /** Hash of a device token already used to sign in to this account, or null. */
  knownDevice: string | null;
}

const pairKey = (client: SignInClient) =>
  `rl:sign-in:pair:${client.email}:${client.knownDevice ? `device:${client.knownDevice}` : `ip:${client.ip}`}`;
const accountKey = (client: SignInClient) => `rl:sign-in:account:${client.email}`;

/**
 * Counts one password attempt before it is checked (atomic, so parallel guesses cannot slip past the
 * limit). Returns null when the attempt may go on, else the seconds to wait (for Retry-After): this
 * client, or for an unknown client the address or the account, is over its limit.
 */
export async function admitSignIn(db: Executor, client: SignInClient): Promise<number | null> {
  if (!client.knownDevice && !(await hit(db, `rl:sign-in:ip:${client.ip}`, SIGN_IN_THROTTLE.perIp))) {
    return SIGN_IN_THROTTLE.perIp.windowSeconds;
  }
  if (!(await hit(db, pairKey(client), SIGN_IN_THROTTLE.perClient))) {
    return SIGN_IN_THROTTLE.perClient.windowSeconds;
  }
  if (!client.knownDevice && !(await hit(db, accountKey(client), SIGN_IN_THROTTLE.perAccount))) {
    return SIGN_IN_THROTTLE.perAccount.windowSeconds;
  }
  return null;
}

/**
 * A right password clears this client's count, and takes its own attempt back off the account's
 * ceiling: only wrong passwords add up there.
 */
export async function signInSucceeded(db: Executor, client: SignInClient): Promise<void> {
  await clear(db, pairKey(client));
  if (!client.knownDevice) await giveBack(db, accountKey(client));
}
