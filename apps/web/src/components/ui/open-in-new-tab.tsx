import { cn } from "../../lib/cn";

/** «Abrir en una pestaña nueva»: a private file (a proof) opened whole, beside the page that shows it. */
export function OpenInNewTab({ href, className }: { href: string; className?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className={cn("font-semibold text-brand-700 hover:underline", className)}
    >
      Abrir en una pestaña nueva
    </a>
  );
}
