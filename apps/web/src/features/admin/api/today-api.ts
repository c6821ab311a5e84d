import type { AdminToday } from "@rifazo/shared/schemas/admin";
import { api } from "../../../lib/api-client";

// GET /api/admin/today (apps/api/src/modules/admin/today): the dashboard's first screen.

export type { AdminToday };

export const todayKey = () => ["admin", "today"] as const;

export const fetchToday = (signal?: AbortSignal) => api.get<AdminToday>("/api/admin/today", { signal });
