import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { paths, routePatterns } from "../lib/paths";
import { HomePage } from "../pages/home-page";
import { RootLayout } from "./root-layout";
import { AppLoading, RouteError } from "./route-error";

// Every route of the app (spec 1 §2, spec 2 §2). The home page ships with the entry so the landing
// page paints at once; every other public page is its own lazy chunk, the profile area is one chunk
// and the admin area another, so visitors never download profile or admin code.

type Loader<M> = () => Promise<M>;

/** Turns a module loader and an export name into a route's `lazy` function. */
function page<M, K extends keyof M>(load: Loader<M>, name: K) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

const profileArea = () => import("../pages/profile/profile-area");
const adminArea = () => import("../pages/admin/admin-area");

const publicRoutes: RouteObject[] = [
  { index: true, Component: HomePage },
  { path: paths.raffles, lazy: page(() => import("../pages/raffles-page"), "RafflesPage") },
  { path: routePatterns.raffle, lazy: page(() => import("../pages/raffle-detail-page"), "RaffleDetailPage") },
  { path: routePatterns.draw, lazy: page(() => import("../pages/draw-page"), "DrawPage") },
  { path: paths.winners, lazy: page(() => import("../pages/winners-page"), "WinnersPage") },
  {
    path: paths.ticketVerifier,
    lazy: page(() => import("../pages/ticket-verifier-page"), "TicketVerifierPage"),
  },
  { path: paths.upcoming, lazy: page(() => import("../pages/upcoming-page"), "UpcomingPage") },
  { path: paths.live, lazy: page(() => import("../pages/live-page"), "LivePage") },
  { path: paths.club, lazy: page(() => import("../pages/club-page"), "ClubPage") },
  { path: paths.testimonials, lazy: page(() => import("../pages/testimonials-page"), "TestimonialsPage") },
  {
    path: paths.paymentMethods,
    lazy: page(() => import("../pages/payment-methods-page"), "PaymentMethodsPage"),
  },
  { path: paths.terms, lazy: page(() => import("../pages/terms-page"), "TermsPage") },
  { path: paths.privacy, lazy: page(() => import("../pages/privacy-page"), "PrivacyPage") },
  { path: paths.transparency, lazy: page(() => import("../pages/transparency-page"), "TransparencyPage") },
  { path: paths.contact, lazy: page(() => import("../pages/contact-page"), "ContactPage") },
];

const authRoutes: RouteObject[] = [
  { path: paths.login, lazy: page(() => import("../pages/login-page"), "LoginPage") },
  { path: paths.register, lazy: page(() => import("../pages/register-page"), "RegisterPage") },
  { path: paths.adminSignIn, lazy: page(() => import("../pages/admin-login-page"), "AdminLoginPage") },
];

const profileRoutes: RouteObject = {
  path: paths.profile,
  // The guard travels with the area's chunk: visitors who never open it never download it.
  lazy: page(profileArea, "ProfileGuard"),
  children: [
    { index: true, element: <Navigate to={paths.profileInfo} replace /> },
    {
      lazy: page(profileArea, "ProfileLayout"),
      children: [
        { path: paths.profileInfo, lazy: page(profileArea, "ProfileInfoPage") },
        { path: paths.profilePayments, lazy: page(profileArea, "ProfilePaymentsPage") },
        { path: paths.profileFavorites, lazy: page(profileArea, "ProfileFavoritesPage") },
        { path: paths.profileSecurity, lazy: page(profileArea, "ProfileSecurityPage") },
      ],
    },
    { path: routePatterns.proofUpload, lazy: page(profileArea, "ProofUploadPage") },
    { path: "*", element: <Navigate to={paths.profileInfo} replace /> },
  ],
};

const adminRoutes: RouteObject = {
  path: paths.admin,
  lazy: page(adminArea, "AdminGuard"),
  children: [
    { index: true, lazy: page(adminArea, "AdminDashboardPage") },
    { path: routePatterns.adminRaffle, lazy: page(adminArea, "AdminRaffleDetailPage") },
    { path: "*", element: <Navigate to={paths.admin} replace /> },
  ],
};

export const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: AppLoading,
    children: [
      ...publicRoutes,
      ...authRoutes,
      profileRoutes,
      adminRoutes,
      // Unknown paths go home (spec 1 §2, spec 2 §2).
      { path: "*", element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
