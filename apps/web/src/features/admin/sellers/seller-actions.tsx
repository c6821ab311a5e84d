import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { DialogFooter } from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import {
  type AdminSeller,
  renewInvitation,
  type SellerInvitation,
  sellerKeys,
  setSellerSuspended,
} from "../api/sellers-api";
import { AdminDialog } from "../shared/admin-dialog";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { InvitationLinkPanel } from "./invitation-link-panel";

/** Suspending, reactivating and a new link, each refreshing the vendedor and the list. */
function useSellerMutations(seller: AdminSeller, onInvitation: (made: SellerInvitation) => void) {
  const queryClient = useQueryClient();
  const refresh = (next: AdminSeller) => {
    queryClient.setQueryData(sellerKeys.one(seller.id), next);
    void queryClient.invalidateQueries({ queryKey: sellerKeys.all(), exact: true });
  };

  const status = useMutation({
    mutationFn: (suspend: boolean) => setSellerSuspended(seller.id, suspend),
    onSuccess: (next, suspend) => {
      refresh(next);
      toast({
        title: suspend ? "Vendedor suspendido" : "Vendedor reactivado",
        description: suspend
          ? `${seller.name} ya no puede vender. Sus ventas siguientes se rechazan.`
          : `${seller.name} puede volver a vender las rifas que tiene permitidas.`,
        variant: "success",
      });
    },
    onError: (error) =>
      toast({ title: "No se pudo cambiar el estado", description: errorMessage(error), variant: "error" }),
  });
  const renew = useMutation({
    mutationFn: () => renewInvitation(seller.id),
    onSuccess: (made) => {
      refresh(made.seller);
      onInvitation(made);
    },
    onError: (error) =>
      toast({ title: "No se pudo crear el enlace", description: errorMessage(error), variant: "error" }),
  });

  return { status, renew };
}

/** The vendedor's status actions: "Nuevo enlace" while invited, suspend or reactivate once accepted. */
export function SellerActions({ seller }: { seller: AdminSeller }) {
  const [confirming, setConfirming] = useState(false);
  const [invitation, setInvitation] = useState<SellerInvitation | null>(null);
  const { status, renew } = useSellerMutations(seller, setInvitation);
  const suspending = seller.status === "active";
  return (
    <>
      {seller.status === "invited" ? (
        <Button
          variant="outline"
          loading={renew.isPending}
          loadingText="Creando..."
          onClick={() => renew.mutate()}
        >
          Nuevo enlace
        </Button>
      ) : (
        <Button variant={suspending ? "danger" : "outline"} onClick={() => setConfirming(true)}>
          {suspending ? "Suspender" : "Reactivar"}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={suspending ? "¿Suspender a este vendedor?" : "¿Reactivar a este vendedor?"}
        description={
          <p>
            <strong className="text-ink">{seller.name}</strong>{" "}
            {suspending
              ? "no podrá vender desde ahora: cada venta se comprueba contra su estado al llegar al servidor."
              : "podrá volver a vender las rifas que tiene permitidas, con su comisión y su límite."}
          </p>
        }
        confirmLabel={suspending ? "Suspender vendedor" : "Reactivar vendedor"}
        variant={suspending ? "danger" : "primary"}
        busy={status.isPending}
        onConfirm={() => status.mutateAsync(suspending)}
      />
      <AdminDialog
        open={invitation !== null}
        onOpenChange={(open) => (open ? undefined : setInvitation(null))}
        title="Nuevo enlace de invitación"
        description="El enlace anterior ya no sirve."
      >
        {invitation ? <InvitationLinkPanel invitation={invitation} /> : null}
        <DialogFooter>
          <Button onClick={() => setInvitation(null)}>Listo</Button>
        </DialogFooter>
      </AdminDialog>
    </>
  );
}
