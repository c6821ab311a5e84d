import { POINTS_PER_CURRENCY_UNIT } from "@rifazo/shared/constants";
import { pointsEarningText } from "@rifazo/shared/domain/glossary";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { Page } from "../components/layout/page";
import { buttonClasses } from "../components/ui/button";
import { ArrowLeftIcon } from "../components/ui/icons";
import { Skeleton } from "../components/ui/skeleton";
import { useSession } from "../features/auth";
import { ClubMemberHeader, ClubWelcome, LevelsGrid } from "../features/club";
import { loadMemberClub } from "../features/club/lazy";
import type { PrefetchPage } from "../lib/page-data";
import { paths } from "../lib/paths";

// Members with points get the tabs (beneficios, recompensas, historial, niveles); that code loads only for them.
const MemberClub = lazy(loadMemberClub);

const linkClasses = "font-semibold text-brand-700 underline underline-offset-2";

// The club page (spec 1 §2). Visitors and members without points see the welcome panel and the levels;
// members with points see their level and points with the tabs beneficios, recompensas, historial and
// niveles (features/club/components/member-club.tsx, loaded only for them).
//
// Rendered on the server as a visitor sees it (the levels are static: no data to fetch). Until the
// session is known (on the server, while hydrating and until the check answers) the page stays the
// visitor's view, so hydration matches and visitors see no placeholder; a member's view replaces it then.
export const prefetchPage: PrefetchPage = async () => undefined;

export function ClubPage() {
  const session = useSession();
  const user = session.status === "signed-in" ? session.user : null;
  const points = user?.points ?? 0;
  const earned = user?.pointsEarned ?? 0;
  // A member who spent every point keeps their level and club: earned points decide, not the balance.
  const member = user !== null && (points > 0 || earned > 0);

  return (
    <Page
      title="Rifazo Club"
      eyebrow="Programa de lealtad"
      description="Acumula RifaPuntos con cada compra aprobada, sube de nivel y canjea recompensas."
      actions={
        user ? (
          <Link to={paths.profile} className={buttonClasses({ variant: "outline" })}>
            <ArrowLeftIcon />
            Volver a Mi Perfil
          </Link>
        ) : undefined
      }
    >
      <div className="space-y-10">
        {member ? (
          <Suspense fallback={<Skeleton className="h-56 w-full rounded-card" />}>
            <MemberClub name={user.fullName} />
          </Suspense>
        ) : (
          <div className="space-y-6">
            {user ? <ClubMemberHeader name={user.fullName} points={points} earned={earned} /> : null}
            <ClubWelcome signedIn={Boolean(user)} />
          </div>
        )}

        {/* Members with points see the levels in their "niveles" tab. */}
        {member ? null : (
          <section aria-labelledby="club-niveles" className="space-y-5">
            <div className="space-y-1">
              <h2 id="club-niveles" className="text-2xl font-bold text-ink">
                Niveles del club
              </h2>
              <p className="text-muted">
                Ganas {pointsEarningText(POINTS_PER_CURRENCY_UNIT)}. Tu nivel sube solo al alcanzar cada meta.
              </p>
            </div>
            <LevelsGrid currentLevel={user?.level ?? null} />
          </section>
        )}

        <p className="text-sm text-muted">
          El programa se rige por los{" "}
          <Link to={paths.terms} className={linkClasses}>
            Términos y Condiciones
          </Link>{" "}
          de Rifazo. Los RifaPuntos no tienen valor en dinero y no son transferibles.
        </p>
      </div>
    </Page>
  );
}
