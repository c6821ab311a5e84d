import { useLocation } from "react-router";
import { RouteErrorBoundary } from "./route-error";
import { AppRoutes } from "./routes";

/** The whole app under a router (BrowserRouter in the browser, StaticRouter on the server). */
export function App() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <AppRoutes />
    </RouteErrorBoundary>
  );
}
