import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { queryClient } from "./app/query-client";
import { createRouter } from "./app/routes";
import { sessionQueryOptions } from "./features/auth/hooks/use-session";
import "./styles.css";

// Ask for the session right away, in parallel with the first page's code, so guards and the header
// rarely have to wait for it.
void queryClient.prefetchQuery(sessionQueryOptions);

const router = createRouter();
const container = document.getElementById("root");
if (!container) throw new Error("Falta el elemento #root en index.html");

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
