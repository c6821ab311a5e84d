// @vitest-environment happy-dom
import { act } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { HydratedMark } from "../src/app/hydrated-mark";
import { useHydrated } from "../src/lib/use-hydrated";

// What `npm run bench:web` relies on: the mark appears once the server's HTML has been hydrated, when the
// buttons that wait for the code (disabled={!hydrated}, decision 0005) have become usable.
function Page() {
  const hydrated = useHydrated();
  return (
    <button type="button" disabled={!hydrated}>
      Reservar boletos
    </button>
  );
}

afterEach(() => {
  delete document.documentElement.dataset.hydrated;
  performance.clearMarks("rifazo:hydrated");
  document.body.innerHTML = "";
});

describe("HydratedMark", () => {
  it("marks the document only after hydration, when the page's buttons are enabled", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    const button = container.querySelector("button");
    expect(button?.disabled).toBe(true);
    expect(document.documentElement.dataset.hydrated).toBeUndefined();
    expect(performance.getEntriesByName("rifazo:hydrated")).toHaveLength(0);

    let enabledWhenMarked: boolean | undefined;
    const observer = new MutationObserver(() => {
      if (document.documentElement.dataset.hydrated !== undefined && enabledWhenMarked === undefined)
        enabledWhenMarked = !container.querySelector("button")?.disabled;
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-hydrated"] });
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <>
          <Page />
          <HydratedMark />
        </>,
      );
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    observer.disconnect();

    expect(document.documentElement.dataset.hydrated).toBe("");
    expect(performance.getEntriesByName("rifazo:hydrated")).toHaveLength(1);
    expect(enabledWhenMarked).toBe(true);
    // Hydration adopted the server's button instead of replacing it.
    expect(container.querySelector("button")).toBe(button);
    root?.unmount();
  });
});
