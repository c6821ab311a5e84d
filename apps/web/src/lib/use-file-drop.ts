import { type DragEvent, useState } from "react";

/**
 * A drop target for one file: whether something is being dragged over it (to highlight it) and the
 * handlers to spread on the element. The file picker stays the way keyboard users choose.
 */
export function useFileDrop(onFile: (file: File | undefined) => void) {
  const [dragging, setDragging] = useState(false);
  const handlers = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      onFile(event.dataTransfer.files?.[0]);
    },
  };
  return { dragging, handlers };
}
