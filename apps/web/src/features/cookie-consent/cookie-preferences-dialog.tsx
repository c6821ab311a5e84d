import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Switch } from "../../components/ui/switch";
import { toast } from "../../components/ui/toast";
import { paths } from "../../lib/paths";
import { ACCEPT_ALL, type ConsentChoice, REJECT_NON_ESSENTIAL } from "./consent";
import {
  getCookieConsent,
  saveCookieConsent,
  setCookiePreferencesOpen,
  useCookiePreferencesOpen,
} from "./use-cookie-consent";

interface CategoryProps {
  id: string;
  title: string;
  description: string;
  checked: boolean;
  locked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}

function Category({ id, title, description, checked, locked = false, onCheckedChange }: CategoryProps) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-control border border-line p-4">
      <div className="space-y-1">
        <label htmlFor={id} className="font-semibold text-ink">
          {title}
          {locked ? <span className="ml-2 text-xs font-medium text-muted">(Siempre activas)</span> : null}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={locked}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-description`}
      />
    </div>
  );
}

function PreferencesForm() {
  const current = getCookieConsent();
  const [choice, setChoice] = useState<ConsentChoice>({
    analytics: current?.analytics ?? false,
    marketing: current?.marketing ?? false,
  });

  const save = (next: ConsentChoice) => {
    saveCookieConsent(next);
    setCookiePreferencesOpen(false);
    toast({
      title: "Preferencias Guardadas",
      description: "Tus preferencias de cookies fueron actualizadas.",
      variant: "success",
    });
  };

  return (
    <>
      <div className="space-y-3">
        <Category
          id="cookies-necessary"
          title="Necesarias"
          description="Mantienen tu sesión iniciada y recuerdan tus preferencias. Sin ellas el sitio no funciona."
          checked
          locked
        />
        <Category
          id="cookies-analytics"
          title="Analíticas"
          description="Nos ayudan a entender qué páginas se visitan para mejorar Rifazo. Son anónimas."
          checked={choice.analytics}
          onCheckedChange={(analytics) => setChoice((c) => ({ ...c, analytics }))}
        />
        <Category
          id="cookies-marketing"
          title="Marketing"
          description="Permiten mostrarte promociones y rifas relevantes para ti."
          checked={choice.marketing}
          onCheckedChange={(marketing) => setChoice((c) => ({ ...c, marketing }))}
        />
      </div>
      <DialogFooter className="sm:flex-wrap">
        <Button variant="outline" onClick={() => save(REJECT_NON_ESSENTIAL)}>
          Rechazar No Esenciales
        </Button>
        <Button variant="secondary" onClick={() => save(ACCEPT_ALL)}>
          Aceptar Todas
        </Button>
        <Button onClick={() => save(choice)}>Guardar Preferencias</Button>
      </DialogFooter>
    </>
  );
}

/** Loaded on demand (it brings the Dialog and Switch primitives), from the banner or the footer link. */
export default function CookiePreferencesDialog() {
  const open = useCookiePreferencesOpen();
  return (
    <Dialog open={open} onOpenChange={setCookiePreferencesOpen}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>Preferencias de Cookies</DialogTitle>
          <DialogDescription>
            Elige qué cookies podemos usar. Puedes cambiar tu elección cuando quieras desde el pie de página.{" "}
            <Link
              to={paths.cookiePolicy}
              onClick={() => setCookiePreferencesOpen(false)}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              Más información
            </Link>
          </DialogDescription>
        </DialogHeader>
        {/* Remounted on each opening so the switches start from the stored choice. */}
        {open ? <PreferencesForm /> : null}
      </DialogContent>
    </Dialog>
  );
}
