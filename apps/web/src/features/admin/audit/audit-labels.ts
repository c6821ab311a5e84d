// Spanish labels for audit records (apps/api: recordAudit calls). Unknown values show as they are.

export const AUDIT_ENTITIES: Record<string, string> = {
  raffle: "Rifas",
  payment_proof: "Comprobantes",
  users: "Usuarios",
  user: "Usuarios",
  image: "Imágenes",
  settings: "Configuración",
  winner: "Ganadores",
  notification: "Notificaciones",
  reward_redemptions: "Canjes del Club",
};

const ACTIONS: Record<string, string> = {
  "raffle.create": "Creó una rifa",
  "raffle.update": "Editó una rifa",
  "raffle.delete": "Eliminó una rifa",
  "raffle.external_winners": "Registró ganadores externos",
  "raffle.countdown_started": "Inició la cuenta regresiva del sorteo",
  "proof.approve": "Aprobó un comprobante",
  "proof.reject": "Rechazó un comprobante",
  "proof.delete": "Eliminó un comprobante",
  "user.suspend": "Suspendió una cuenta",
  "user.reactivate": "Reactivó una cuenta",
  "user.notify": "Envió una notificación",
  "user.email": "Envió un correo",
  "image.upload": "Subió una imagen",
  "image.delete": "Eliminó una imagen",
  "settings.update": "Cambió la configuración",
  "profile.update": "Actualizó su perfil",
  "reward.redeem": "Canjeó una recompensa",
};

export function auditActionLabel(action: string): string {
  return ACTIONS[action] ?? action;
}

export function auditEntityLabel(entity: string): string {
  return AUDIT_ENTITIES[entity] ?? entity;
}

/** Top-level keys whose value differs between before and after (what an edit touched). */
export function changedKeys(before: unknown, after: unknown): string[] {
  const a = before && typeof before === "object" ? (before as Record<string, unknown>) : {};
  const b = after && typeof after === "object" ? (after as Record<string, unknown>) : {};
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key])).sort();
}
