import { CONTACT_MESSAGES } from "@rifazo/shared";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, nextIp, signedInUser, type TestApp } from "../../../test/helpers";
import { contactMessages, mailOutbox } from "../../db/schema";
import { CONTACT_RATE_RULE, submitContactMessage } from "./service";

const SUPPORT = "soporte@rifazo.test";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ supportEmail: SUPPORT });
});
afterAll(async () => {
  await t?.close();
});

const VALID = {
  name: "María González",
  email: "Maria.G@Example.com",
  subject: "Pregunta sobre mi pago",
  message: "Hola, envié mi comprobante ayer.\n\n¿Cuándo lo revisan?",
};

function send(payload: Record<string, unknown>, options: { ip?: string; cookie?: string } = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload,
    remoteAddress: options.ip ?? nextIp(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
}

describe("POST /api/contact", () => {
  it("valida cada campo con mensajes en español", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...VALID, name: "   " }, CONTACT_MESSAGES.nameRequired],
      [{ ...VALID, name: undefined }, CONTACT_MESSAGES.nameRequired],
      [{ ...VALID, email: "no-es-correo" }, CONTACT_MESSAGES.invalidEmail],
      [{ ...VALID, subject: "" }, CONTACT_MESSAGES.subjectRequired],
      [{ ...VALID, message: " \n " }, CONTACT_MESSAGES.messageRequired],
      [{ ...VALID, name: "a".repeat(121) }, CONTACT_MESSAGES.nameTooLong],
      [{ ...VALID, subject: "a".repeat(151) }, CONTACT_MESSAGES.subjectTooLong],
      [{ ...VALID, message: "a".repeat(5001) }, CONTACT_MESSAGES.messageTooLong],
    ];
    for (const [payload, message] of cases) {
      const response = await send(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error).toMatchObject({ code: "VALIDATION", message });
    }
  });

  it("guarda el mensaje y lo pone en cola para soporte con Reply-To y el contenido escapado", async () => {
    const user = await signedInUser(t.app);
    const response = await send(
      {
        ...VALID,
        subject: "Hola\r\nBcc: spam@example.com",
        message: "<script>alert(1)</script> & <b>gracias</b>",
      },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });

    const [stored] = await t.app.ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.userId, user.id));
    expect(stored).toMatchObject({
      name: "María González",
      email: "maria.g@example.com",
      subject: "Hola Bcc: spam@example.com",
      message: "<script>alert(1)</script> & <b>gracias</b>",
    });
    expect(stored?.ipAddress).toMatch(/^10\.9\./);

    const [mail] = await t.app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.replyTo, "maria.g@example.com"));
    expect(mail).toBeDefined();
    expect(mail?.to).toBe(SUPPORT);
    expect(mail?.subject).toBe("Contacto: Hola Bcc: spam@example.com");
    expect(mail?.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;gracias&lt;/b&gt;");
    expect(mail?.html).not.toContain("<script>");
    expect(mail?.html).toContain("María González");
    expect(mail?.text).toContain("<script>alert(1)</script>");
  });

  it("un visitante también puede escribir (sin usuario asociado)", async () => {
    const response = await send({ ...VALID, email: "visitante@example.com" });
    expect(response.statusCode).toBe(201);
    const [stored] = await t.app.ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "visitante@example.com"));
    expect(stored?.userId).toBeNull();
  });

  it(`limita a ${CONTACT_RATE_RULE.max} mensajes cada 10 minutos por IP (429 en español)`, async () => {
    const ip = nextIp();
    for (let i = 0; i < CONTACT_RATE_RULE.max; i++) {
      expect((await send({ ...VALID, email: `limite${i}@example.com` }, { ip })).statusCode).toBe(201);
    }
    const blocked = await send({ ...VALID, email: "limite-extra@example.com" }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({ code: "RATE_LIMITED", message: CONTACT_MESSAGES.rateLimited });
    // Every limit says when to come back: its window, through the one error handler.
    expect(blocked.headers["retry-after"]).toBe(String(CONTACT_RATE_RULE.windowSeconds));
    const stored = await t.app.ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "limite-extra@example.com"));
    expect(stored).toHaveLength(0);
    // Another address is not affected.
    expect((await send(VALID)).statusCode).toBe(201);
  });

  it("sin SUPPORT_EMAIL guarda el mensaje, no encola correo y deja un aviso en el registro", async () => {
    const warnings: string[] = [];
    const warn = (_obj: unknown, msg?: string) => {
      warnings.push(String(msg));
    };
    const log = { ...t.app.ctx.log, warn } as unknown as FastifyBaseLogger;
    const ctx = { ...t.app.ctx, log, config: { ...t.app.ctx.config, supportEmail: undefined } };
    const result = await submitContactMessage(
      ctx,
      { ...VALID, email: "sin-soporte@example.com" },
      { userId: null, ip: null },
    );
    expect(result.emailed).toBe(false);
    const [stored] = await t.app.ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, result.id));
    expect(stored?.email).toBe("sin-soporte@example.com");
    const mails = await t.app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.replyTo, "sin-soporte@example.com"));
    expect(mails).toHaveLength(0);
    expect(warnings.join(" ")).toContain("SUPPORT_EMAIL");
  });
});
