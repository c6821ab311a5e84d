import type { ReactNode } from "react";

/** The look of a raffle form part's heading. */
export const RAFFLE_FORM_HEADING = "text-sm font-bold tracking-wide text-brand-800 uppercase";

/** One titled part of the raffle form ("Datos generales", "Venta"...), named by its heading. */
export function RaffleFormSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="space-y-4" aria-labelledby={id}>
      <h3 id={id} className={RAFFLE_FORM_HEADING}>
        {title}
      </h3>
      {children}
    </section>
  );
}
