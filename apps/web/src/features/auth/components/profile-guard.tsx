import { Outlet } from "react-router";
import { SignedInOnly } from "./signed-in-only";

/** /perfil/*: visitors go to /login, which sends them back here after signing in. */
export function ProfileGuard() {
  return (
    <SignedInOnly errorTitle="Error de Perfil">
      <Outlet />
    </SignedInOnly>
  );
}
