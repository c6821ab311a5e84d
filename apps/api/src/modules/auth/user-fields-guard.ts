import { userFieldsProblem } from "@rifazo/shared";
import { APIError } from "better-auth/api";

/**
 * Better Auth database hooks: every user row it creates or updates (sign-up, update-user, magic link,
 * any future plugin) holds to the same shared rules as the profile form (spec 1 §5), whichever path
 * the write came from. Nothing is written when a rule is broken.
 */
async function guard(data: { name?: unknown; image?: unknown }): Promise<void> {
  const problem = userFieldsProblem(data);
  if (problem) throw new APIError("BAD_REQUEST", { code: "VALIDATION", message: problem });
}

export const userFieldsHooks = {
  create: { before: guard },
  update: { before: guard },
};
