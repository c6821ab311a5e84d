import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "../../lib/paths";
import { buttonClasses } from "../ui/button";
import { Card, CardContent } from "../ui/card";
import { ClockIcon } from "../ui/icons";
import { Page } from "./page";

interface PlaceholderPageProps {
  title: string;
  description?: ReactNode;
  eyebrow?: string;
  children?: ReactNode;
}

/** A page whose content is on its way: right title and purpose, and a way to keep browsing. */
export function PlaceholderPage({ title, description, eyebrow, children }: PlaceholderPageProps) {
  const onRaffles = useLocation().pathname === paths.raffles;
  return (
    <Page title={title} description={description} eyebrow={eyebrow}>
      {children ?? (
        <Card>
          <CardContent className="flex flex-col items-center gap-4 py-12! text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-2xl text-brand-700">
              <ClockIcon />
            </span>
            <div className="space-y-1">
              <p className="text-lg font-bold text-ink">Estamos preparando esta sección</p>
              <p className="max-w-md text-sm text-muted">
                {onRaffles
                  ? "Muy pronto encontrarás aquí todas las rifas disponibles."
                  : "Muy pronto encontrarás aquí toda la información. Mientras tanto, descubre las rifas activas."}
              </p>
            </div>
            <Link to={onRaffles ? paths.home : paths.raffles} className={buttonClasses()}>
              {onRaffles ? "Volver al Inicio" : "Ver Rifas"}
            </Link>
          </CardContent>
        </Card>
      )}
    </Page>
  );
}
