import { lazy, Suspense, useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Logo } from "../../components/brand/logo";
import { ConnectionStatus } from "../../components/layout/connection-status";
import { Avatar } from "../../components/ui/avatar";
import { buttonClasses } from "../../components/ui/button";
import { BellIcon, CloseIcon, MenuIcon } from "../../components/ui/icons";
import { Skeleton } from "../../components/ui/skeleton";
import { useSession } from "../../features/auth";
import { loadNotificationBell } from "../../features/notifications/lazy";
import { cn } from "../../lib/cn";
import { paths } from "../../lib/paths";
import { useHydrated } from "../../lib/use-hydrated";
import { MAIN_NAV, MOBILE_EXTRA_NAV } from "./nav-links";

const UserMenu = lazy(() => import("./user-menu"));
const NotificationBell = lazy(loadNotificationBell);

/** Holds the bell's place (same size) while its chunk loads, so the header does not shift. */
function BellPlaceholder() {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-10 items-center justify-center rounded-full text-xl text-muted"
    >
      <BellIcon />
    </span>
  );
}

const desktopLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-control px-3 py-2 text-sm font-semibold transition-colors",
    isActive ? "bg-brand-50 text-brand-800" : "text-muted hover:bg-brand-50/60 hover:text-brand-800",
  );

const mobileLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex min-h-12 items-center rounded-control px-3 text-base font-semibold",
    isActive ? "bg-brand-50 text-brand-800" : "text-ink hover:bg-brand-50/60",
  );

const MENU_BUTTON_CLASSES =
  "inline-flex size-10 items-center justify-center rounded-control text-2xl text-ink hover:bg-brand-50 lg:hidden";

function AccountArea() {
  const { status, retrying, user, isAdmin } = useSession();

  // While retrying after a failure, offer the sign-in buttons rather than an endless placeholder.
  if (status === "loading" && !retrying) return <Skeleton className="size-9 rounded-full" />;

  if (!user) {
    return (
      <div className="flex items-center gap-2">
        {/* On phones the mobile menu carries this link, so the bar keeps room for the menu button. */}
        <span className="hidden sm:block">
          <Link to={paths.login} className={buttonClasses({ variant: "ghost", size: "sm" })}>
            Iniciar Sesión
          </Link>
        </span>
        <Link to={paths.register} className={buttonClasses({ variant: "primary", size: "sm" })}>
          Registrarse
        </Link>
      </div>
    );
  }

  return (
    <div className="flex items-center gap-1 sm:gap-2">
      {/* Admins get no notifications (spec 1 §4). The bell's code loads only for signed-in users. */}
      {isAdmin ? null : (
        <Suspense fallback={<BellPlaceholder />}>
          <NotificationBell />
        </Suspense>
      )}
      <Suspense
        fallback={
          <span className="inline-flex p-0.5">
            <Avatar name={user.fullName} src={user.avatarUrl} />
          </span>
        }
      >
        <UserMenu user={user} />
      </Suspense>
    </div>
  );
}

/** The mobile menu's open state: closed by navigation and Escape, open if its link was followed early. */
function useMobileMenu(hydrated: boolean) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // Following a link closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key changes on every navigation.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.key]);

  // Opened by its link before the code ran: it stays open.
  useEffect(() => {
    if (hydrated && window.location.hash === "#menu-movil") setMenuOpen(true);
  }, [hydrated]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  return [menuOpen, setMenuOpen] as const;
}

function MenuButton({
  hydrated,
  menuOpen,
  onToggle,
}: {
  hydrated: boolean;
  menuOpen: boolean;
  onToggle: () => void;
}) {
  return hydrated ? (
    <button
      type="button"
      className={MENU_BUTTON_CLASSES}
      aria-label={menuOpen ? "Cerrar menú" : "Abrir menú"}
      aria-expanded={menuOpen}
      aria-controls="menu-movil"
      onClick={onToggle}
    >
      {menuOpen ? <CloseIcon /> : <MenuIcon />}
    </button>
  ) : (
    // Before the code runs the menu opens without it: a link to the menu, shown by :target.
    <a href="#menu-movil" className={MENU_BUTTON_CLASSES} aria-label="Abrir menú">
      <MenuIcon />
    </a>
  );
}

function MobileMenu({ hydrated, menuOpen }: { hydrated: boolean; menuOpen: boolean }) {
  const { user } = useSession();
  return (
    <nav
      id="menu-movil"
      aria-label="Menú móvil"
      hidden={hydrated ? !menuOpen : undefined}
      className={cn(
        "border-t border-line bg-surface lg:hidden",
        // Server-rendered and until hydration: closed unless the menu link above targeted it.
        !hydrated && "hidden target:block",
      )}
    >
      <ul className="mx-auto w-full max-w-page space-y-1 px-4 py-3 sm:px-6">
        {MAIN_NAV.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.to === paths.home} className={mobileLinkClasses}>
              {item.label}
            </NavLink>
          </li>
        ))}
        {MOBILE_EXTRA_NAV.map((item, i) => (
          <li key={item.to} className={i === 0 ? "border-t border-line pt-2" : undefined}>
            <NavLink to={item.to} className={mobileLinkClasses}>
              {item.label}
            </NavLink>
          </li>
        ))}
        {user ? null : (
          <li className="grid grid-cols-2 gap-2 border-t border-line pt-3">
            <Link to={paths.login} className={buttonClasses({ variant: "outline" })}>
              Iniciar Sesión
            </Link>
            <Link to={paths.register} className={buttonClasses({ variant: "primary" })}>
              Registrarse
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

export function Header() {
  const hydrated = useHydrated();
  const [menuOpen, setMenuOpen] = useMobileMenu(hydrated);

  return (
    <div className="sticky top-0 z-40 print:static">
      <header className="border-b border-line bg-surface/95 backdrop-blur supports-backdrop-filter:bg-surface/85">
        <div className="mx-auto flex h-header w-full max-w-page items-center gap-3 px-4 sm:px-6 lg:px-8">
          <Link
            to={paths.home}
            className="-ml-1 shrink-0 rounded-control p-1"
            aria-label="Rifazo, ir al inicio"
          >
            <Logo />
          </Link>

          <nav aria-label="Principal" className="ml-4 hidden lg:block">
            <ul className="flex items-center gap-1">
              {MAIN_NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === paths.home} className={desktopLinkClasses}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <AccountArea />
            <MenuButton
              hydrated={hydrated}
              menuOpen={menuOpen}
              onToggle={() => setMenuOpen((open) => !open)}
            />
          </div>
        </div>

        <MobileMenu hydrated={hydrated} menuOpen={menuOpen} />
      </header>
      <ConnectionStatus />
    </div>
  );
}
