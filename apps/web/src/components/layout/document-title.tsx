import { createContext, useContext, useLayoutEffect } from "react";

/** Server rendering: receives the page's title, which goes in the document's <title> (entry-server). */
export const TitleSink = createContext<((title: string) => void) | null>(null);

function fullTitle(title: string): string {
  return title ? `${title} | Rifazo` : "Rifazo | Rifas en línea en Venezuela";
}

/**
 * Each page states its own title. In the browser it becomes document.title; when two parts of a page
 * state one, the first in the tree wins (layout effects run children first), as a document's first
 * <title> does. On the server it is handed to the render's sink, which keeps the first.
 */
export function DocumentTitle({ title }: { title: string }) {
  const text = fullTitle(title);
  const sink = useContext(TitleSink);
  sink?.(text);
  useLayoutEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}
