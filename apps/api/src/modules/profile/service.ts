import {
  LOGIN_ACTIVITY_LIMIT,
  type LoginActivity,
  type SessionUser,
  type updateProfileSchema,
} from "@rifazo/shared";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { unauthenticated } from "../../lib/errors";
import { recordAudit } from "../audit";
import { sessionUserById } from "../auth";
import * as repo from "./repository";

export type ProfileUpdate = z.output<typeof updateProfileSchema>;

/**
 * Saves the user's own name and phone (never the email, role, status or points) with an audit record of
 * what changed. Returns the fresh profile so the header and the form show the saved values.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  input: ProfileUpdate,
  ip: string | null,
): Promise<SessionUser> {
  return db.transaction(async (tx) => {
    const before = await repo.editableFieldsForUpdate(tx, userId);
    if (!before) throw unauthenticated();
    const row = await repo.updateProfile(tx, userId, input);
    if (!row) throw unauthenticated();
    const after = { fullName: row.name, phone: row.phone };
    if (before.fullName !== after.fullName || before.phone !== after.phone) {
      await recordAudit(tx, {
        actorId: userId,
        action: "profile.update",
        entity: "users",
        entityId: userId,
        before,
        after,
        ipAddress: ip,
      });
    }
    const fresh = await sessionUserById(tx, userId);
    if (!fresh) throw unauthenticated();
    return fresh;
  });
}

/** The latest sign-ins (spec 1 §9: three), newest first. */
export async function loginActivity(db: Db, userId: string): Promise<LoginActivity> {
  const rows = await repo.recentLoginActivity(db, userId, LOGIN_ACTIVITY_LIMIT);
  return {
    items: rows.map((row) => ({
      id: row.id,
      loginTime: row.loginTime.toISOString(),
      device: row.device,
      ipAddress: row.ipAddress,
    })),
  };
}
