import type { ContactMessage } from "@rifazo/shared/schemas/contact";
import { api } from "../../lib/api-client";

export function sendContactMessage(message: ContactMessage) {
  return api.post<{ ok: true }>("/api/contact", message);
}
