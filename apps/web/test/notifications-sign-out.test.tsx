// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { expect, it } from "vitest";
import { beginSignOut } from "../src/features/auth/sign-out-state";
import { notificationKeys } from "../src/features/notifications/api/notifications-api";
import { useNotifications } from "../src/features/notifications/hooks/use-notifications";
import { stubFetch, testQueryClient } from "./render";

// Signing out ends the session before the header (and its bell) is gone: nothing may ask the server for
// the notifications meanwhile, or the browser logs a refused 401 for a request nobody needed.

const fetchMock = stubFetch();

it("signing out, an invalidation (the live stream's reconnect) does not fetch the notifications again", async () => {
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify({ items: [], unreadCount: 0 }), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
  );
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  renderHook(() => useNotifications(), { wrapper });
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));

  // Still signed in: an invalidation fetches the list again.
  await act(() => client.invalidateQueries({ queryKey: notificationKeys.all }));
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));

  act(() => beginSignOut("/"));
  await act(() => client.invalidateQueries({ queryKey: notificationKeys.all }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fetchMock).toHaveBeenCalledTimes(2);
});
