/** React 19 hoists <title> into <head>; each page states its own. */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{title ? `${title} | Rifazo` : "Rifazo | Rifas en línea en Venezuela"}</title>;
}
