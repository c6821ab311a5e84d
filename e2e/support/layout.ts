import { expect, type Locator, type Page } from "@playwright/test";

/**
 * How many CSS pixels the page is wider than the screen. Compared with the layout viewport
 * (documentElement.clientWidth), not window.innerWidth: on an emulated phone (isMobile) Chromium zooms
 * out to fit a too-wide page, so innerWidth grows with it and a sideways scroll would go unnoticed.
 */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The phone widths every screen must fit: a small Android (360) and a current iPhone or Pixel (390). */
export const PHONE_WIDTHS = [360, 390] as const;

/**
 * What sticks out sideways on the page as it is now, one readable line per problem (empty when it fits):
 * - the document scrolls sideways (scrollWidth > the layout viewport);
 * - a visible element or line of text reaches past the viewport's right (or left) edge;
 * - an element or text in the normal flow is wider than the box that clips it (overflow hidden or clip):
 *   a card with overflow-hidden hides the page's scroll but cuts its content off, which is what a phone
 *   user sees as text, fields and links cut at the card's edge.
 * Deliberate clipping is not reported: scroll areas (overflow auto/scroll, reachable by scrolling), text
 * truncated with an ellipsis, and positioned or transformed content (decorations, carousels, drawers).
 */
function findOverflow(): string[] {
  const root = document.documentElement;
  const viewport = root.clientWidth;
  const TOLERANCE = 0.5;
  const problems: string[] = [];
  if (root.scrollWidth > viewport)
    problems.push(`el documento mide ${root.scrollWidth} px de ancho en una pantalla de ${viewport} px`);

  const nameOf = (element: Element): string => {
    const tag = element.tagName.toLowerCase();
    const id = element.id ? `#${element.id}` : "";
    const role = element.getAttribute("role");
    const name = element.getAttribute("aria-label");
    const classes = [...element.classList]
      .slice(0, 4)
      .map((c) => `.${c}`)
      .join("");
    const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60);
    return `${tag}${id}${role ? `[role=${role}]` : ""}${name ? `[aria-label="${name}"]` : ""}${id ? "" : classes}${text ? ` «${text}»` : ""}`;
  };
  /**
   * Screen-reader-only content (the sr-only pattern: a 1 px box with clip or clip-path, its text spilling
   * out of it unseen) is not on screen; nor is what sits inside it.
   */
  const srOnly = new Map<Element, boolean>();
  const visuallyHidden = (element: Element | null): boolean => {
    if (!element || element === document.body) return false;
    const known = srOnly.get(element);
    if (known !== undefined) return known;
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    const own =
      (style.clip !== "auto" && style.position !== "static") ||
      (style.clipPath !== "none" && rect.width <= 2 && rect.height <= 2) ||
      (rect.width <= 1 && rect.height <= 1 && style.overflow !== "visible");
    const result = own || visuallyHidden(element.parentElement);
    srOnly.set(element, result);
    return result;
  };
  const hidden = (element: Element) =>
    visuallyHidden(element) ||
    !element.checkVisibility({
      opacityProperty: true,
      visibilityProperty: true,
      contentVisibilityAuto: true,
    });

  /** How an ancestor treats what sticks out of it sideways. */
  const clipping = (element: Element): "scroll" | "clip" | "ellipsis" | null => {
    if (element === document.body || element === root) return null;
    const style = getComputedStyle(element);
    if (style.overflowX === "auto" || style.overflowX === "scroll") return "scroll";
    if (style.overflowX === "hidden" || style.overflowX === "clip")
      return style.textOverflow === "ellipsis" ? "ellipsis" : "clip";
    return null;
  };

  interface Box {
    left: number;
    right: number;
  }
  const positioned = (element: Element) => {
    const style = getComputedStyle(element);
    return (
      style.position === "absolute" ||
      style.position === "fixed" ||
      style.transform !== "none" ||
      style.scale !== "none" ||
      style.translate !== "none"
    );
  };
  /**
   * Checks one box: an element's (`self`, clipped from its parent up) or a line of text (clipped from its
   * own element up, `self` null).
   */
  const check = (box: Box, self: Element | null, from: Element | null, what: () => string): string | null => {
    if (box.right - box.left < 1) return null;
    let visible = { ...box };
    let inFlow = !(self && positioned(self));
    let firstClip: { element: Element; box: Box; kind: string } | null = null;
    for (let node = from; node && node !== document.body; node = node.parentElement) {
      const kind = clipping(node);
      if (kind) {
        const rect = node.getBoundingClientRect();
        const inner = {
          left: rect.left + node.clientLeft,
          right: rect.left + node.clientLeft + node.clientWidth,
        };
        if (!firstClip && inFlow) firstClip = { element: node, box: inner, kind };
        visible = { left: Math.max(visible.left, inner.left), right: Math.min(visible.right, inner.right) };
      }
      if (positioned(node)) inFlow = false;
    }
    if (
      visible.right - visible.left >= 1 &&
      (visible.right > viewport + TOLERANCE || visible.left < -TOLERANCE)
    )
      return `${what()} va de ${Math.round(box.left)} a ${Math.round(box.right)} px en una pantalla de ${viewport} px`;
    if (
      firstClip?.kind === "clip" &&
      (box.right > firstClip.box.right + TOLERANCE || box.left < firstClip.box.left - TOLERANCE)
    )
      return `${what()} (${Math.round(box.right - box.left)} px) queda cortado por ${nameOf(firstClip.element)} (${Math.round(firstClip.box.right - firstClip.box.left)} px de ancho)`;
    return null;
  };

  const found: { element: Element; line: string }[] = [];
  const flagged = new Set<Element>();
  for (const element of document.body.querySelectorAll("*")) {
    if (element.closest("script, style, template, noscript, svg *") || hidden(element)) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1) continue;
    const line = check({ left: rect.left, right: rect.right }, element, element.parentElement, () =>
      nameOf(element),
    );
    if (line) {
      flagged.add(element);
      found.push({ element, line });
    }
  }
  // Text that runs out of its own box (a long address with no break) is not an element's box: each
  // text node's lines are measured too, and judged by the boxes around its element.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const parent = text.parentElement;
    if (!parent || !text.textContent?.trim() || parent.closest("script, style, template, noscript")) continue;
    if (flagged.has(parent) || hidden(parent)) continue;
    range.selectNodeContents(text);
    const snippet = () =>
      `el texto «${text.textContent?.replace(/\s+/g, " ").trim().slice(0, 60)}» en ${nameOf(parent)}`;
    for (const line of range.getClientRects()) {
      // A truncated line (text-overflow: ellipsis) is cut on purpose: its element clips it, that is all.
      const from = clipping(parent) === "ellipsis" ? parent.parentElement : parent;
      const result = check({ left: line.left, right: line.right }, null, from, snippet);
      if (result) {
        flagged.add(parent);
        found.push({ element: parent, line: result });
        break;
      }
    }
  }
  // The outermost problems say where the layout breaks; the innermost say what the user loses.
  const outermost = found.filter(({ element }) => {
    for (let node = element.parentElement; node; node = node.parentElement)
      if (flagged.has(node)) return false;
    return true;
  });
  const innermost = found.filter(
    ({ element }) => ![...flagged].some((other) => other !== element && element.contains(other)),
  );
  for (const { line } of outermost.slice(0, 5)) problems.push(line);
  // A page that scrolls sideways with nothing visible past the edge: hidden content (an sr-only text in a
  // scroll area with no positioned box, say) widens it. Name what reaches past the edge anyway.
  if (root.scrollWidth > viewport && !outermost.length) {
    const beyond = [...document.body.querySelectorAll("*")].filter(
      (element) => element.getBoundingClientRect().right > viewport + TOLERANCE,
    );
    for (const element of beyond.slice(-5))
      problems.push(
        `  (oculto) ${nameOf(element)} llega a ${Math.round(element.getBoundingClientRect().right)} px`,
      );
  }
  const cut = innermost.filter((entry) => !outermost.includes(entry));
  if (cut.length) {
    problems.push(`  y dentro, ${cut.length} elementos cortados, entre ellos:`);
    for (const { line } of cut.slice(0, 6)) problems.push(`    ${line}`);
  }
  return problems;
}

/** Entrances finished and loops paused, so nothing is measured mid-slide. */
function settleAnimations() {
  for (const animation of document.getAnimations()) {
    const timing = animation.effect?.getComputedTiming();
    if (timing?.iterations === Number.POSITIVE_INFINITY) animation.pause();
    else animation.finish();
  }
}

/** The open dialogs, menus and listboxes: a state that must survive the change of width. */
function openLayers(): number {
  return document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')
    .length;
}

async function measure(page: Page): Promise<string[]> {
  await page.evaluate(settleAnimations);
  // Two frames, so a resize's layout and any ResizeObserver reaction have happened.
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  return page.evaluate(findOverflow);
}

/**
 * Fails (softly, so a sweep reports every screen) when anything sticks out sideways, as findOverflow
 * describes, at the page's width and, on a phone-sized page, at every width of PHONE_WIDTHS. The page is
 * put back at its own size afterwards. A state (a dialog, a menu) that closes when the width changes
 * fails too: it could not be measured.
 */
export async function expectFitsWidth(page: Page, label: string): Promise<void> {
  const size = page.viewportSize();
  if (!size) throw new Error("la página no tiene un tamaño de ventana fijo");
  const widths = size.width <= Math.max(...PHONE_WIDTHS) ? [...PHONE_WIDTHS] : [size.width];
  const layers = await page.evaluate(openLayers);
  try {
    for (const width of widths) {
      if (width !== page.viewportSize()?.width) await page.setViewportSize({ width, height: size.height });
      const problems = await measure(page);
      expect
        .soft(await page.evaluate(openLayers), `«${label}» a ${width} px: el estado se cerró`)
        .toBe(layers);
      expect.soft(problems.join("\n"), `desbordamiento en «${label}» a ${width} px (${page.url()})`).toBe("");
    }
  } finally {
    if (page.viewportSize()?.width !== size.width) await page.setViewportSize(size);
  }
}

/**
 * Fails (softly) when a scroll area inside `region` scrolls sideways at the page's width and, on a phone,
 * at every width of PHONE_WIDTHS. findOverflow accepts scroll areas as deliberate; a screen whose content
 * must fit a phone without a sideways scroll (a table that stacks on small screens) checks this too.
 */
export async function expectNoSidewaysScroll(page: Page, region: Locator, label: string): Promise<void> {
  const size = page.viewportSize();
  if (!size) throw new Error("la página no tiene un tamaño de ventana fijo");
  const widths = size.width <= Math.max(...PHONE_WIDTHS) ? [...PHONE_WIDTHS] : [size.width];
  try {
    for (const width of widths) {
      if (width !== page.viewportSize()?.width) await page.setViewportSize({ width, height: size.height });
      await page.evaluate(
        () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
      );
      const scrolling = await region.evaluate((root) =>
        [root, ...root.querySelectorAll("*")]
          .filter((element) => {
            const style = getComputedStyle(element);
            const scrolls = style.overflowX === "auto" || style.overflowX === "scroll";
            return scrolls && element.scrollWidth > element.clientWidth + 0.5;
          })
          .map(
            (element) =>
              `${element.tagName.toLowerCase()}${element.getAttribute("aria-label") ? `[aria-label="${element.getAttribute("aria-label")}"]` : ""}: ${element.scrollWidth} px de contenido en ${element.clientWidth} px`,
          ),
      );
      expect.soft(scrolling.join("\n"), `desplazamiento lateral en «${label}» a ${width} px`).toBe("");
    }
  } finally {
    if (page.viewportSize()?.width !== size.width) await page.setViewportSize(size);
  }
}
