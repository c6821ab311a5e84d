import { loginActivitySchema, sessionUserSchema, updateProfileSchema } from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorSchema } from "../../lib/schemas";
import { guards, sessionUserOf } from "../auth";
import * as service from "./service";

const tags = ["perfil"];

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = guards(app);

  r.patch(
    "/api/profile",
    {
      schema: {
        tags,
        summary: "Editar el nombre completo y el teléfono propios",
        description:
          "El teléfono acepta números venezolanos (0414-1234567, 0212-1234567, +58 ...) y se guarda como +58XXXXXXXXXX; vacío o null lo borra. El correo no se puede modificar.",
        body: updateProfileSchema,
        response: { 200: sessionUserSchema, 400: errorSchema, 401: errorSchema },
      },
      preValidation: guard.user,
    },
    async (request) => {
      const user = sessionUserOf(request);
      return service.updateProfile(app.ctx.db, user.id, request.body, request.ip);
    },
  );

  r.get(
    "/api/profile/login-activity",
    {
      schema: {
        tags,
        summary: "Los tres inicios de sesión más recientes (fecha, dispositivo, IP)",
        response: { 200: loginActivitySchema, 401: errorSchema },
      },
      preValidation: guard.user,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.loginActivity(app.ctx.db, sessionUserOf(request).id);
    },
  );
}
