import { useEffect, useState } from "react";
import { Button } from "./button";
import { copyText } from "./clipboard";
import { CheckIcon, CopyIcon } from "./icons";
import { toast } from "./toast";

const COPIED_MS = 2_000;

/**
 * Copies one account detail; the accessible name says which ('Copiar teléfono de Pago Móvil'), or is
 * `name` when given ('Copiar Teléfono', the row's own label). With `text`, the button shows it instead of
 * "Copiar" and the toast names what was copied instead of repeating a multi-line value.
 */
export function CopyButton({
  value,
  label,
  name,
  text,
}: {
  value: string;
  label: string;
  name?: string;
  text?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (await copyText(value)) {
      setCopied(true);
      toast({
        id: "copied",
        title: "Copiado",
        description: text ? `${label} copiados.` : `${label}: ${value}`,
        variant: "success",
      });
    } else {
      toast({
        id: "copied",
        title: "No se pudo copiar",
        description: "Selecciona el dato y cópialo manualmente.",
        variant: "error",
      });
    }
  };

  return (
    <Button
      variant="outline"
      size="sm"
      waitsForCode
      onClick={copy}
      aria-label={name ?? `Copiar ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
      className="shrink-0"
    >
      {copied ? <CheckIcon className="text-success-600" /> : <CopyIcon />}
      <span aria-hidden="true">{copied ? "Copiado" : (text ?? "Copiar")}</span>
    </Button>
  );
}
