import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { revokeOtherSessions } from "../api/security-api";

/** Signs the account out everywhere except here (a lost phone, a shared computer). */
export function RevokeSessionsButton() {
  const [pending, setPending] = useState(false);
  const revoke = async () => {
    setPending(true);
    try {
      const { revoked } = await revokeOtherSessions();
      toast({
        title: "Sesiones Cerradas",
        description:
          revoked === 0
            ? "No había sesiones abiertas en otros dispositivos."
            : revoked === 1
              ? "Cerramos tu sesión en 1 dispositivo más."
              : `Cerramos tu sesión en ${revoked} dispositivos más.`,
        variant: "success",
      });
    } catch (error) {
      toast({ title: "Error al cerrar sesiones", description: errorMessage(error), variant: "error" });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      variant="outline"
      onClick={() => void revoke()}
      loading={pending}
      loadingText="Cerrando sesiones..."
    >
      Cerrar sesión en otros dispositivos
    </Button>
  );
}
