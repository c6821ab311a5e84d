import type { ReactNode } from "react";
import { useRef } from "react";
import { Button } from "../../../components/ui/button";
import { UploadIcon } from "../../../components/ui/icons";
import { IMAGE_ACCEPT } from "./image-file";

interface ImageUploadButtonProps {
  uploading: boolean;
  onFile: (file: File | undefined) => void;
  children: ReactNode;
  disabled?: boolean;
}

/** A button that opens the file picker for one image (the input itself stays hidden). */
export function ImageUploadButton({ uploading, onFile, children, disabled }: ImageUploadButtonProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          // Reset so picking the same file again still fires a change.
          event.target.value = "";
        }}
      />
      <Button
        variant="secondary"
        size="sm"
        loading={uploading}
        loadingText="Subiendo..."
        disabled={disabled}
        onClick={() => fileInput.current?.click()}
      >
        <UploadIcon /> {children}
      </Button>
    </>
  );
}
