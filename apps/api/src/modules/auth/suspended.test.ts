import { ERROR_MESSAGES } from "@rifazo/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, loginAttempt, signedInUser, type TestApp } from "../../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function setStatus(adminCookie: string, userId: string, action: "suspend" | "reactivate") {
  return t.app.inject({
    method: "POST",
    url: `/api/admin/users/${userId}/${action}`,
    headers: { cookie: adminCookie },
    payload: {},
  });
}

const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/account/me", headers: { cookie } });

describe("cuenta suspendida", () => {
  it("al iniciar sesión se dice que está suspendida (403 ACCOUNT_SUSPENDED), no un fallo genérico", async () => {
    const admin = await signedInUser(t.app, { role: "admin" });
    const user = await signedInUser(t.app);
    expect((await setStatus(admin.cookie, user.id, "suspend")).statusCode).toBe(200);
    const response = await loginAttempt(t.app, user.email, user.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: "ACCOUNT_SUSPENDED",
      message: ERROR_MESSAGES.ACCOUNT_SUSPENDED,
    });
  });

  it("la sesión abierta que termina por la suspensión responde ACCOUNT_SUSPENDED; al reactivar, 401", async () => {
    const admin = await signedInUser(t.app, { role: "admin" });
    const user = await signedInUser(t.app);
    expect((await me(user.cookie)).statusCode).toBe(200);

    expect((await setStatus(admin.cookie, user.id, "suspend")).statusCode).toBe(200);
    const after = await me(user.cookie);
    expect(after.statusCode).toBe(403);
    expect(after.json().error.code).toBe("ACCOUNT_SUSPENDED");
    // Any signed-in route says the same, so the screen that notices first can tell the user.
    const notifications = await t.app.inject({
      method: "GET",
      url: "/api/notifications",
      headers: { cookie: user.cookie },
    });
    expect(notifications.json().error?.code).toBe("ACCOUNT_SUSPENDED");

    // Reactivated: the old session stays ended, now as a plain "signed out".
    expect((await setStatus(admin.cookie, user.id, "reactivate")).statusCode).toBe(200);
    const reactivated = await me(user.cookie);
    expect(reactivated.statusCode).toBe(401);
    expect(reactivated.json().error.code).toBe("UNAUTHENTICATED");
  });

  it("una sesión cerrada por otro motivo sigue siendo 401", async () => {
    const user = await signedInUser(t.app);
    await t.app.inject({
      method: "POST",
      url: "/api/account/logout",
      headers: { cookie: user.cookie },
      payload: {},
    });
    const response = await me(user.cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("UNAUTHENTICATED");
  });
});
