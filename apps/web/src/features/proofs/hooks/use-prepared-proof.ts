import { useRef, useState } from "react";
import { mayBeLightened } from "../file-size";

// The chosen image is swapped for a lighter JPEG once the browser has drawn one (decision 0030); until
// then, or when it cannot, the original stands, so sending never waits for it.

/** What the browser did to the chosen file before sending it. */
export type Preparation = { state: "preparing" } | { state: "reduced"; from: number; to: number } | null;

export function usePreparedProof(onChange: (file: File | null) => void, disabled: boolean | undefined) {
  const [preparation, setPreparation] = useState<Preparation>(null);
  // The file last handed to the form and whether the form is sending: a late preparation never replaces
  // another file, nor the one already on its way (its retries must send the same bytes with the same key).
  const current = useRef<File | null>(null);
  const disabledRef = useRef(disabled);
  disabledRef.current = disabled;

  const prepare = async (chosen: File) => {
    setPreparation({ state: "preparing" });
    let next: Preparation = null;
    try {
      // Only the upload form needs the re-encoder: it is downloaded when a file is chosen.
      const { prepareProofFile } = await import("../prepare-proof-image");
      const prepared = await prepareProofFile(chosen);
      if (current.current !== chosen || disabledRef.current) return;
      if (prepared.file !== chosen) {
        next = { state: "reduced", from: prepared.originalBytes, to: prepared.file.size };
        current.current = prepared.file;
        onChange(prepared.file);
      }
    } catch {
      // The module could not be downloaded (offline): the original is sent.
    } finally {
      if (current.current === chosen || next) setPreparation(next);
    }
  };

  /** A checked file (or none): handed to the form at once, then lightened in the background. */
  const set = (file: File | null) => {
    current.current = file;
    setPreparation(null);
    onChange(file);
    // Only a large image is worth the wait (and the re-encoder's download); the rest goes as it is.
    if (file && mayBeLightened(file)) void prepare(file);
  };

  return { preparation, set };
}
