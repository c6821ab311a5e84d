// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OpenInNewTab } from "../src/components/ui/open-in-new-tab";

describe("OpenInNewTab", () => {
  it("opens the file in a new tab that cannot reach back to the page (noopener)", () => {
    render(<OpenInNewTab href="/api/proofs/abc/file" className="text-sm" />);
    const link = screen.getByRole("link", { name: "Abrir en una pestaña nueva" });
    expect(link).toHaveAttribute("href", "/api/proofs/abc/file");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")?.split(" ")).toContain("noopener");
    expect(link).toHaveClass("font-semibold", "text-sm");
  });
});
