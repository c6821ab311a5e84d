// @vitest-environment happy-dom
import { act } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { HydratedMark } from "../src/app/hydrated-mark";
import { HydrationTurn, hydrateInTurns } from "../src/app/hydration-turns";
import { useHydrated } from "../src/lib/use-hydrated";

// Hydration in turns: each wrapped part hydrates in a task after the first, its server HTML kept on screen
// meanwhile (never emptied, never replaced), and the page is marked hydrated only when every part is.
const hydratedParts: string[] = [];

function Part({ name }: { name: string }) {
  const hydrated = useHydrated();
  const [count, setCount] = useState(0);
  if (hydrated && !hydratedParts.includes(name)) hydratedParts.push(name);
  return (
    <button type="button" disabled={!hydrated} onClick={() => setCount(count + 1)}>
      {name} {count}
    </button>
  );
}

function Page() {
  return (
    <div>
      <HydrationTurn>
        <Part name="cabecera" />
      </HydrationTurn>
      <main>
        <HydrationTurn>
          <Part name="página" />
        </HydrationTurn>
      </main>
      <HydratedMark />
    </div>
  );
}

afterEach(() => {
  delete document.documentElement.dataset.hydrated;
  performance.clearMarks("rifazo:hydrated");
  document.body.innerHTML = "";
  hydratedParts.length = 0;
});

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("hidratación por turnos", () => {
  it("cada parte se hidrata en una tarea posterior sobre el HTML del servidor, y la marca espera a todas", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    const html = container.innerHTML;
    const [header, page] = [...container.querySelectorAll("button")];
    expect(header?.disabled).toBe(true);

    // What the parts' buttons were when the mark appeared: both usable, or the mark came too soon.
    let enabledWhenMarked: boolean[] | undefined;
    const observer = new MutationObserver(() => {
      if (document.documentElement.dataset.hydrated !== undefined && !enabledWhenMarked)
        enabledWhenMarked = [...container.querySelectorAll("button")].map((b) => !b.disabled);
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-hydrated"] });
    let root: Root | undefined;
    hydrateInTurns(() => {
      root = hydrateRoot(container, <Page />);
    });
    // The first hydration is done and neither part has been touched: their HTML is the server's.
    expect(container.innerHTML).toBe(html);
    expect(hydratedParts).toEqual([]);
    expect(document.documentElement.dataset.hydrated).toBeUndefined();

    await act(async () => {
      await nextTask();
      await nextTask();
    });
    // Both parts hydrated, on the server's own elements, in order, and only then the mark.
    expect(container.querySelectorAll("button")[0]).toBe(header);
    expect(container.querySelectorAll("button")[1]).toBe(page);
    expect(header?.disabled).toBe(false);
    expect(page?.disabled).toBe(false);
    expect(hydratedParts).toEqual(["cabecera", "página"]);
    expect(document.documentElement.dataset.hydrated).toBe("");
    expect(performance.getEntriesByName("rifazo:hydrated")).toHaveLength(1);
    observer.disconnect();
    expect(enabledWhenMarked).toEqual([true, true]);
    // They answer taps, and later renders do not suspend again.
    await act(async () => page?.click());
    expect(page?.textContent).toBe("página 1");
    root?.unmount();
  });

  it("fuera de la primera hidratación no espera: se muestra al renderizar", async () => {
    const container = document.createElement("div");
    document.body.append(container);
    const { createRoot } = await import("react-dom/client");
    const root = createRoot(container);
    await act(async () => root.render(<Page />));
    expect(container.querySelectorAll("button")).toHaveLength(2);
    expect(document.documentElement.dataset.hydrated).toBe("");
    root.unmount();
  });
});
