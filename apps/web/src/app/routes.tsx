import { matchRoutes, Navigate, type RouteObject, useRoutes } from "react-router";
import { loadProofUploadForm } from "../features/proofs/lazy";
import type { PrefetchPage } from "../lib/page-data";
import { paths, routePatterns } from "../lib/paths";
import { HomePage, prefetchPage as prefetchHome } from "../pages/home-page";
import { loadForHydration, withCompanions } from "./companion-code";
import { type LazyPage, lazyPage } from "./lazy-page";
import { RootLayout } from "./root-layout";

// Every route of the app (spec 1 §2, spec 2 §2). The home page ships with the entry so the landing
// page paints at once; every other public page is its own lazy chunk, the profile area is one chunk
// and the admin area another, so visitors never download profile or admin code.
//
// Declarative routes (useRoutes) rather than React Router's data router: the data router's code alone
// is ~18 kB gzip, a seventh of the home page's JavaScript budget, and none of its loaders/actions were
// used. Pages keep their data in TanStack Query; what a page needs for server rendering it exports as
// `prefetchPage` (see lib/page-data.ts).

const profileArea = () => import("../pages/profile/profile-area");
const profileGuard = () => import("../pages/profile/profile-guard");
// The payment page's full proof form comes with the page when opened in the app (app/companion-code.ts).
const paymentPage = withCompanions(() => import("../pages/profile/proof-upload-page"), loadProofUploadForm);
const adminArea = () => import("../pages/admin/admin-area");
// The vendedor area and its invitation page: one chunk (docs/decisions/0034-vendedores.md).
const sellerArea = () => import("../pages/seller/seller-area");

export interface RouteHandle {
  /** The route's lazy page, to preload it and to find its `prefetchPage`. */
  page?: LazyPage;
  /** The server-side data requirement of a page that ships in the entry. */
  prefetch?: PrefetchPage;
}

/** A route whose element is a lazy page: the router can preload it and find its data requirements. */
function pageRoute(
  page: LazyPage,
  route: { path?: string; index?: true; children?: RouteObject[] } = {},
): RouteObject {
  const Page = page;
  return { ...route, element: <Page />, handle: { page } satisfies RouteHandle } as RouteObject;
}

const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage />, handle: { prefetch: prefetchHome } satisfies RouteHandle },
  pageRoute(
    lazyPage(() => import("../pages/raffles-page"), "RafflesPage"),
    { path: paths.raffles },
  ),
  pageRoute(
    lazyPage(() => import("../pages/raffle-detail-page"), "RaffleDetailPage"),
    { path: routePatterns.raffle },
  ),
  pageRoute(
    lazyPage(() => import("../pages/draw-page"), "DrawPage"),
    { path: routePatterns.draw },
  ),
  pageRoute(
    lazyPage(() => import("../pages/draw-record-page"), "DrawRecordPage"),
    { path: routePatterns.drawRecord },
  ),
  pageRoute(
    lazyPage(() => import("../pages/winners-page"), "WinnersPage"),
    { path: paths.winners },
  ),
  pageRoute(
    lazyPage(() => import("../pages/ticket-verifier-page"), "TicketVerifierPage"),
    { path: paths.ticketVerifier },
  ),
  pageRoute(
    lazyPage(() => import("../pages/upcoming-page"), "UpcomingPage"),
    { path: paths.upcoming },
  ),
  pageRoute(
    lazyPage(() => import("../pages/live-page"), "LivePage"),
    { path: paths.live },
  ),
  pageRoute(
    lazyPage(() => import("../pages/club-page"), "ClubPage"),
    { path: paths.club },
  ),
  pageRoute(
    lazyPage(() => import("../pages/testimonials-page"), "TestimonialsPage"),
    { path: paths.testimonials },
  ),
  pageRoute(
    lazyPage(() => import("../pages/payment-methods-page"), "PaymentMethodsPage"),
    { path: paths.paymentMethods },
  ),
  pageRoute(
    lazyPage(() => import("../pages/terms-page"), "TermsPage"),
    { path: paths.terms },
  ),
  pageRoute(
    lazyPage(() => import("../pages/privacy-page"), "PrivacyPage"),
    { path: paths.privacy },
  ),
  pageRoute(
    lazyPage(() => import("../pages/transparency-page"), "TransparencyPage"),
    { path: paths.transparency },
  ),
  pageRoute(
    lazyPage(() => import("../pages/contact-page"), "ContactPage"),
    { path: paths.contact },
  ),
  pageRoute(
    lazyPage(() => import("../pages/receipt-page"), "ReceiptPage"),
    { path: routePatterns.receipt },
  ),
];

const authRoutes: RouteObject[] = [
  pageRoute(
    lazyPage(() => import("../pages/login-page"), "LoginPage"),
    { path: paths.login },
  ),
  pageRoute(
    lazyPage(() => import("../pages/register-page"), "RegisterPage"),
    { path: paths.register },
  ),
  pageRoute(
    lazyPage(() => import("../pages/forgot-password-page"), "ForgotPasswordPage"),
    { path: paths.forgotPassword },
  ),
  pageRoute(
    lazyPage(() => import("../pages/reset-password-page"), "ResetPasswordPage"),
    { path: paths.resetPassword },
  ),
  pageRoute(
    lazyPage(() => import("../pages/admin-login-page"), "AdminLoginPage"),
    { path: paths.adminSignIn },
  ),
];

// Visitors who never open the profile never download its code; the payment page, where a buyer lands
// right after reserving, downloads only the guard and itself (decision 0031).
const profileRoutes = pageRoute(lazyPage(profileGuard, "ProfileGuard"), {
  path: paths.profile,
  children: [
    { index: true, element: <Navigate to={paths.profileInfo} replace /> },
    pageRoute(lazyPage(profileArea, "ProfileLayout"), {
      children: [
        pageRoute(lazyPage(profileArea, "ProfileInfoPage"), { path: paths.profileInfo }),
        pageRoute(lazyPage(profileArea, "ProfilePaymentsPage"), { path: paths.profilePayments }),
        pageRoute(lazyPage(profileArea, "ProfileFavoritesPage"), { path: paths.profileFavorites }),
        pageRoute(lazyPage(profileArea, "ProfilePrizesPage"), { path: paths.profilePrizes }),
        pageRoute(lazyPage(profileArea, "ProfilePrizePage"), { path: routePatterns.profilePrize }),
        pageRoute(lazyPage(profileArea, "ProfileSecurityPage"), { path: paths.profileSecurity }),
      ],
    }),
    pageRoute(lazyPage(paymentPage, "ProofUploadPage"), { path: routePatterns.proofUpload }),
    { path: "*", element: <Navigate to={paths.profileInfo} replace /> },
  ],
});

// Rendered in the browser; the page itself sends visitors to sign in (the invitation page asks first).
const sellerRoutes: RouteObject[] = [
  pageRoute(lazyPage(sellerArea, "SellerAreaPage"), { path: paths.seller }),
  pageRoute(lazyPage(sellerArea, "SellerInvitationPage"), { path: paths.sellerInvitation }),
];

const adminDashboard = lazyPage(adminArea, "AdminDashboardPage");
const adminRoutes = pageRoute(lazyPage(adminArea, "AdminGuard"), {
  path: paths.admin,
  children: [
    pageRoute(adminDashboard, { index: true }),
    // The Vendedores tab has an address of its own (features/admin/dashboard/admin-tabs.ts).
    pageRoute(adminDashboard, { path: paths.adminSellers }),
    pageRoute(lazyPage(adminArea, "AdminRaffleDetailPage"), { path: routePatterns.adminRaffle }),
    pageRoute(lazyPage(adminArea, "AdminSellerDetailPage"), { path: routePatterns.adminSeller }),
    { path: "*", element: <Navigate to={paths.admin} replace /> },
  ],
});

export const routes: RouteObject[] = [
  {
    path: "/",
    element: <RootLayout />,
    children: [
      ...publicRoutes,
      ...authRoutes,
      profileRoutes,
      ...sellerRoutes,
      adminRoutes,
      // Unknown paths go home (spec 1 §2, spec 2 §2).
      { path: "*", element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/** The lazy pages a URL renders, outermost first. */
export function pagesFor(pathname: string): { page: LazyPage; params: Record<string, string | undefined> }[] {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.flatMap((match) => {
    const page = (match.route.handle as RouteHandle | undefined)?.page;
    return page ? [{ page, params: match.params }] : [];
  });
}

/** Downloads the code of every page a URL renders, so it can be hydrated without suspending. */
export function preloadRoute(pathname: string): Promise<unknown> {
  return Promise.all(pagesFor(pathname).map(({ page }) => page.load()));
}

/** preloadRoute for the page the server rendered: only what hydrating it needs. */
export function preloadServerRenderedRoute(pathname: string): Promise<unknown> {
  return loadForHydration(() => preloadRoute(pathname));
}
