/** What each look of a cell means; the buyer's own numbers only when signed in. */
export function PickerLegend({ signedIn }: { signedIn: boolean }) {
  return (
    <ul className="flex flex-wrap gap-3 text-xs text-muted" aria-label="Leyenda">
      <li className="flex items-center gap-1">
        <span className="size-3 rounded-sm border border-line bg-surface" /> Disponible
      </li>
      <li className="flex items-center gap-1">
        <span className="size-3 rounded-sm bg-brand-700" /> Seleccionado
      </li>
      <li className="flex items-center gap-1">
        <span className="size-3 rounded-sm bg-canvas ring-1 ring-line" /> Ocupado
      </li>
      {signedIn ? (
        <>
          <li className="flex items-center gap-1">
            <span className="size-3 rounded-sm border-2 border-dashed border-accent-600 bg-accent-50" />{" "}
            Apartado por ti
          </li>
          <li className="flex items-center gap-1">
            <span className="size-3 rounded-sm bg-success-700" /> Tuyo
          </li>
        </>
      ) : null}
    </ul>
  );
}
