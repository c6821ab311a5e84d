import { useCallback } from "react";
import { toast } from "../../../components/ui/toast";
import { paths } from "../../../lib/paths";
import { shareLink } from "../lib/share";

/** Shares /rifas/{id} with the share sheet, or copies it (spec 1 §2 "Raffle card"). */
export function useShareRaffle() {
  return useCallback(async (raffle: { id: string; title: string }) => {
    const url = new URL(paths.raffle(raffle.id), window.location.origin).href;
    const outcome = await shareLink(navigator, { title: `${raffle.title} | Rifazo`, url });
    if (outcome === "shared") {
      toast({ title: "Compartido", description: "¡Gracias por compartir esta rifa!", variant: "success" });
    } else if (outcome === "copied") {
      toast({
        title: "Enlace Copiado",
        description: "El enlace de la rifa se copió al portapapeles.",
        variant: "success",
      });
    } else if (outcome === "failed") {
      toast({
        title: "No se pudo compartir",
        description: "Copia el enlace desde la barra de direcciones de tu navegador.",
        variant: "error",
      });
    }
  }, []);
}
