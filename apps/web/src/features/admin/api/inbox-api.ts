import type { RejectTemplates } from "@rifazo/shared/schemas/admin";
import { useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { pendingCountKey, useProofEvents } from "../../inbox-count";
import { adminKeys } from "./admin-api";

// The approvals inbox: live refreshes and the rejection templates (apps/api/src/modules/settings/routes.ts).

export const inboxKeys = {
  rejectTemplates: () => ["admin", "reject-templates"] as const,
};

export const fetchRejectTemplates = (signal?: AbortSignal) =>
  api.get<RejectTemplates>("/api/admin/settings/reject-templates", { signal });

export const saveRejectTemplates = (body: RejectTemplates) =>
  api.put<RejectTemplates>("/api/admin/settings/reject-templates", body);

/** Refreshes the proofs lists and the count whenever a proof is created, reviewed or deleted elsewhere. */
export function useLiveProofs(): void {
  const queryClient = useQueryClient();
  useProofEvents(() => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.proofsAll() });
    void queryClient.invalidateQueries({ queryKey: pendingCountKey() });
  });
}
