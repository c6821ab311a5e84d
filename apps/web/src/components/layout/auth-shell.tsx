import type { ReactNode } from "react";
import { LogoMark } from "../brand/logo";
import { CheckCircleIcon } from "../ui/icons";
import { DocumentTitle } from "./document-title";

interface AuthShellProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** Benefits listed beside the form on wide screens; omitted for the admin sign-in. */
  highlights?: readonly string[];
}

/** Frame for the sign-in and sign-up pages: the form card, with a brand panel beside it on desktop. */
export function AuthShell({ title, description, children, highlights }: AuthShellProps) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center sm:py-14">
      <DocumentTitle title={title} />
      <div
        // grid-cols-1 is minmax(0, 1fr): an implicit (auto) column grows to its content's min-content width,
        // and the card's overflow-hidden then cut the form off at the card's edge on a phone.
        className={
          highlights
            ? "grid w-full max-w-5xl grid-cols-1 overflow-hidden rounded-card border border-line bg-surface shadow-card lg:grid-cols-[1fr_1.1fr]"
            : "w-full max-w-md overflow-hidden rounded-card border border-line bg-surface shadow-card"
        }
      >
        {highlights ? (
          <aside className="relative hidden flex-col justify-between gap-8 overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700 p-10 text-white lg:flex">
            <div
              aria-hidden="true"
              className="absolute -right-20 -bottom-20 size-72 rounded-full bg-accent-400/20 blur-3xl"
            />
            <LogoMark className="size-14" />
            <div className="relative space-y-5">
              <p className="text-2xl leading-snug font-black">Tu próximo premio empieza con un boleto.</p>
              <ul className="space-y-3">
                {highlights.map((item) => (
                  <li key={item} className="flex gap-3 text-brand-100">
                    <CheckCircleIcon className="mt-0.5 shrink-0 text-lg text-accent-300" />
                    <span>{item}</span>
                  </li>
                ))}
              </ul>
            </div>
            <p className="relative text-xs text-brand-200">
              Solo para mayores de 18 años residentes en Venezuela.
            </p>
          </aside>
        ) : null}
        <div className="min-w-0 p-6 sm:p-10">
          <div className="mb-7 space-y-2">
            <h1 className="text-2xl font-black tracking-tight text-ink sm:text-3xl">{title}</h1>
            <p className="text-sm text-muted">{description}</p>
          </div>
          {children}
        </div>
      </div>
    </div>
  );
}
