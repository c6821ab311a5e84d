import { type ComponentProps, createContext, type KeyboardEvent, useContext, useId, useState } from "react";
import { cn } from "../../lib/cn";

// The WAI-ARIA tabs pattern (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/) in the few lines the app
// needs: a tab list whose arrow keys, Home and End move between tabs (the selected one is the only tab
// stop), selecting on focus unless `activationMode="manual"`, and only the selected panel rendered. Radix's
// Tabs did the same in 10 kB as sent, on the payment page's path to hydration (decision 0033).

interface TabsState {
  value: string | undefined;
  select: (value: string) => void;
  manual: boolean;
  idOf: (part: "tab" | "panel", value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`${part} va dentro de <Tabs>`);
  return state;
}

export function Tabs({
  value: controlled,
  defaultValue,
  onValueChange,
  activationMode = "automatic",
  className,
  ...props
}: Omit<ComponentProps<"div">, "defaultValue" | "onChange"> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  activationMode?: "automatic" | "manual";
}) {
  const [own, setOwn] = useState(defaultValue);
  const value = controlled ?? own;
  const base = useId();
  const state: TabsState = {
    value,
    select: (next) => {
      if (next === value) return;
      setOwn(next);
      onValueChange?.(next);
    },
    manual: activationMode === "manual",
    // The value goes into an id: only letters, digits, "-" and "_" are kept.
    idOf: (part, v) => `${base}-${part}-${v.replace(/[^\w-]/g, "_")}`,
  };
  return (
    <TabsContext.Provider value={state}>
      <div data-orientation="horizontal" className={className} {...props} />
    </TabsContext.Provider>
  );
}

/** Arrow keys, Home and End: focus (and, unless manual, select) another enabled tab of this list. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>, state: TabsState) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const current = tabs.indexOf(event.target as HTMLButtonElement);
  const count = tabs.length;
  const target =
    event.key === "ArrowRight"
      ? (current + 1) % count
      : event.key === "ArrowLeft"
        ? (current - 1 + count) % count
        : event.key === "Home"
          ? 0
          : event.key === "End"
            ? count - 1
            : -1;
  const next = tabs[target];
  if (current < 0 || !next) return;
  event.preventDefault();
  next.focus();
  if (!state.manual && next.dataset.value !== undefined) state.select(next.dataset.value);
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  const state = useTabs("TabsList");
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn(
        "inline-flex max-w-full items-center gap-1 overflow-x-auto rounded-control bg-brand-100/70 p-1",
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event, state);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  onClick,
  ...props
}: Omit<ComponentProps<"button">, "value"> & { value: string }) {
  const state = useTabs("TabsTrigger");
  const selected = state.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={state.idOf("tab", value)}
      aria-controls={state.idOf("panel", value)}
      aria-selected={selected}
      data-state={selected ? "active" : "inactive"}
      data-value={value}
      // With nothing selected yet, every tab is a tab stop.
      tabIndex={selected || state.value === undefined ? 0 : -1}
      className={cn(
        "inline-flex h-9 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 text-sm font-semibold text-muted transition-colors",
        "hover:text-brand-900 data-[state=active]:bg-surface data-[state=active]:text-brand-900 data-[state=active]:shadow-sm",
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) state.select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({
  value,
  className,
  ...props
}: Omit<ComponentProps<"div">, "value"> & { value: string }) {
  const state = useTabs("TabsContent");
  if (state.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={state.idOf("panel", value)}
      aria-labelledby={state.idOf("tab", value)}
      data-state="active"
      data-orientation="horizontal"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern makes a panel a tab stop, so the keyboard reaches it from its tab
      tabIndex={0}
      className={cn("mt-4", className)}
      {...props}
    />
  );
}
