// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useFileDrop } from "../src/lib/use-file-drop";

function Zone({ onFile }: { onFile: (file: File | undefined) => void }) {
  const { dragging, handlers } = useFileDrop(onFile);
  return (
    <div data-testid="zone" data-dragging={dragging} {...handlers}>
      Suelta aquí
    </div>
  );
}

describe("useFileDrop", () => {
  it("highlights while a file is dragged over, and hands over the dropped file", () => {
    const onFile = vi.fn();
    render(<Zone onFile={onFile} />);
    const zone = screen.getByTestId("zone");
    expect(zone.dataset.dragging).toBe("false");

    fireEvent.dragOver(zone);
    expect(zone.dataset.dragging).toBe("true");
    fireEvent.dragLeave(zone);
    expect(zone.dataset.dragging).toBe("false");

    const file = new File(["%PDF-1.4"], "pago.pdf", { type: "application/pdf" });
    fireEvent.dragOver(zone);
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(zone.dataset.dragging).toBe("false");
    expect(onFile).toHaveBeenCalledExactlyOnceWith(file);
  });
});
