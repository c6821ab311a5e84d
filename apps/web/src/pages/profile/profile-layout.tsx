import { NavLink, Outlet } from "react-router";
import { PageContainer } from "../../components/layout/page";
import { Avatar } from "../../components/ui/avatar";
import { Button } from "../../components/ui/button";
import {
  HeartIcon,
  LogOutIcon,
  ShieldIcon,
  TicketIcon,
  TrophyIcon,
  UserIcon,
} from "../../components/ui/icons";
import { useSession } from "../../features/auth/hooks/use-session";
import { useSignOut } from "../../features/auth/hooks/use-sign-out";
import { cn } from "../../lib/cn";
import { firstName } from "../../lib/names";
import { paths } from "../../lib/paths";

const MENU = [
  { to: paths.profileInfo, label: "Mi Perfil", icon: <UserIcon /> },
  { to: paths.profilePayments, label: "Mis Pagos", icon: <TicketIcon /> },
  { to: paths.profileFavorites, label: "Mis Favoritos", icon: <HeartIcon /> },
  { to: paths.club, label: "Rifazo Club", icon: <TrophyIcon /> },
  { to: paths.profileSecurity, label: "Seguridad", icon: <ShieldIcon /> },
] as const;

/** /perfil/*: greeting, the area menu (a scrollable strip on phones) and the sub-page. */
export function ProfileLayout() {
  const { user } = useSession();
  const { signOut, signingOut } = useSignOut();
  if (!user) return null;
  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
        <aside className="min-w-0 space-y-4">
          <div className="flex items-center gap-3">
            <Avatar name={user.fullName} src={user.avatarUrl} className="size-12! text-base!" />
            <div className="min-w-0">
              <p className="text-sm text-muted">Hola,</p>
              <p className="truncate text-lg font-bold text-ink">{firstName(user.fullName)}</p>
            </div>
          </div>
          <nav aria-label="Menú del perfil">
            <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0">
              {MENU.map((item) => (
                <li key={item.to} className="shrink-0">
                  <NavLink
                    to={item.to}
                    className={({ isActive }) =>
                      cn(
                        "flex h-10 items-center gap-2.5 rounded-control px-3 text-sm font-semibold whitespace-nowrap",
                        isActive ? "bg-brand-700 text-white" : "text-ink hover:bg-brand-50",
                      )
                    }
                  >
                    {item.icon}
                    {item.label}
                  </NavLink>
                </li>
              ))}
              <li className="shrink-0 lg:mt-2 lg:border-t lg:border-line lg:pt-2">
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-10 w-full justify-start! text-danger-700 hover:bg-danger-50 hover:text-danger-700"
                  onClick={() => void signOut()}
                  disabled={signingOut}
                >
                  <LogOutIcon />
                  {signingOut ? "Cerrando Sesión..." : "Cerrar Sesión"}
                </Button>
              </li>
            </ul>
          </nav>
        </aside>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </PageContainer>
  );
}
