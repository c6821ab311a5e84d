import { describe, expect, it } from "vitest";
import {
  notificationAction,
  notificationTitle,
  notificationTone,
  safeInternalLink,
} from "./notification-text";

describe("notification texts", () => {
  it("falls back to 'Notificación' for a missing title", () => {
    expect(notificationTitle("")).toBe("Notificación");
    expect(notificationTitle("  ")).toBe("Notificación");
    expect(notificationTitle(null)).toBe("Notificación");
    expect(notificationTitle("Pago aprobado")).toBe("Pago aprobado");
  });

  it("gives every type a tone, and unknown types a neutral one", () => {
    expect(notificationTone("payment_approved")).toBe("success");
    expect(notificationTone("payment_rejected")).toBe("danger");
    expect(notificationTone("something_new")).toBe("neutral");
  });
});

describe("notificationAction", () => {
  it("follows in-app links", () => {
    expect(notificationAction({ type: "payment_approved", linkTo: "/perfil/pagos" })).toEqual({
      kind: "navigate",
      to: "/perfil/pagos",
    });
    // «¡Ganaste!» opens the prize's page (docs/decisions/0035-prizes-on-the-record.md).
    expect(notificationAction({ type: "raffle_won", linkTo: "/perfil/premios/w-1" })).toEqual({
      kind: "navigate",
      to: "/perfil/premios/w-1",
    });
  });

  it("opens admin messages without a link in a dialog", () => {
    expect(notificationAction({ type: "admin_message", linkTo: null })).toEqual({ kind: "detail" });
    expect(notificationAction({ type: "other", linkTo: null })).toEqual({ kind: "none" });
  });

  it("never leaves the site", () => {
    expect(safeInternalLink("https://malo.example")).toBeNull();
    expect(safeInternalLink("//malo.example/x")).toBeNull();
    expect(safeInternalLink("/\\malo.example")).toBeNull();
    expect(safeInternalLink("javascript:alert(1)")).toBeNull();
    expect(notificationAction({ type: "admin_message", linkTo: "https://malo.example" })).toEqual({
      kind: "detail",
    });
  });
});
