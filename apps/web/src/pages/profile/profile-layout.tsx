import { useEffect, useState } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { PageContainer } from "../../components/layout/page";
import { Avatar } from "../../components/ui/avatar";
import { Button } from "../../components/ui/button";
import {
  AwardIcon,
  ChevronDownIcon,
  HeartIcon,
  LogOutIcon,
  ShieldIcon,
  TicketIcon,
  TrophyIcon,
  UserIcon,
} from "../../components/ui/icons";
import { useSession, useSignOut } from "../../features/auth";
import { cn } from "../../lib/cn";
import { firstName } from "../../lib/names";
import { paths } from "../../lib/paths";

const MENU = [
  { to: paths.profileInfo, label: "Mi Perfil", icon: <UserIcon /> },
  { to: paths.profilePayments, label: "Mis Pagos", icon: <TicketIcon /> },
  { to: paths.profilePrizes, label: "Mis premios", icon: <AwardIcon /> },
  { to: paths.profileFavorites, label: "Mis Favoritos", icon: <HeartIcon /> },
  { to: paths.club, label: "Rifazo Club", icon: <TrophyIcon /> },
  { to: paths.profileSecurity, label: "Seguridad", icon: <ShieldIcon /> },
] as const;

function ProfileGreeting({ fullName, avatarUrl }: { fullName: string; avatarUrl: string | null }) {
  return (
    <div className="flex items-center gap-3">
      <Avatar name={fullName} src={avatarUrl} className="size-12! text-base!" />
      <div className="min-w-0">
        <p className="text-sm text-muted">Hola,</p>
        <p className="truncate text-lg font-bold text-ink">{firstName(fullName)}</p>
      </div>
    </div>
  );
}

function SignOutItem() {
  const { signOut, signingOut } = useSignOut();
  return (
    <li className="mt-1 border-t border-line pt-1 lg:mt-2 lg:pt-2">
      <Button
        variant="ghost"
        size="sm"
        className="h-11 w-full justify-start! text-danger-700 hover:bg-danger-50 hover:text-danger-700"
        onClick={() => void signOut()}
        disabled={signingOut}
      >
        <LogOutIcon />
        {signingOut ? "Cerrando Sesión..." : "Cerrar Sesión"}
      </Button>
    </li>
  );
}

/**
 * /perfil/*: greeting, the area menu and the sub-page. On phones the menu folds into one button that
 * names the current section (spec 1 §2 "Menu collapses on mobile"); from lg up it is a sidebar.
 */
export function ProfileLayout() {
  const { user } = useSession();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // Choosing a section folds the menu again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key changes on every navigation.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.key]);

  if (!user) return null;
  const current = MENU.find((item) => location.pathname.startsWith(item.to)) ?? MENU[0];
  return (
    <PageContainer className="py-6 sm:py-12">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
        <aside className="min-w-0 space-y-4">
          <ProfileGreeting fullName={user.fullName} avatarUrl={user.avatarUrl} />
          <button
            type="button"
            className="flex h-12 w-full items-center justify-between gap-3 rounded-control border border-line bg-surface px-4 text-left font-semibold text-ink shadow-xs lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="menu-perfil"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="flex min-w-0 items-center gap-2.5">
              <span className="text-brand-700">{current.icon}</span>
              <span className="truncate">{current.label}</span>
              <span className="sr-only">: {menuOpen ? "ocultar" : "mostrar"} menú del perfil</span>
            </span>
            <ChevronDownIcon
              className={cn("shrink-0 text-muted transition-transform", menuOpen && "rotate-180")}
            />
          </button>
          <nav
            id="menu-perfil"
            aria-label="Menú del perfil"
            className={cn(menuOpen ? "block" : "hidden", "lg:block")}
          >
            <ul className="space-y-1 rounded-card border border-line bg-surface p-1.5 shadow-card lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none">
              {MENU.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={({ isActive }) =>
                      cn(
                        "flex min-h-11 items-center gap-2.5 rounded-control px-3 text-sm font-semibold",
                        isActive ? "bg-brand-700 text-white" : "text-ink hover:bg-brand-50",
                      )
                    }
                  >
                    {item.icon}
                    {item.label}
                  </NavLink>
                </li>
              ))}
              <SignOutItem />
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
