import { countText } from "@rifazo/shared/domain/plural";
import { ADMIN_GALLERY_LIMIT } from "@rifazo/shared/schemas/admin";
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { CloseIcon } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { formatDate } from "../../../lib/format";
import { type AdminImage, adminKeys, deleteImage, fetchGallery, uploadImage } from "../api/admin-api";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { LoadError } from "../shared/load-states";
import { checkImageFile, imageVariant } from "./image-file";
import { ImageUploadButton } from "./image-upload-button";

const LOAD_ERROR = "Error al cargar imágenes de la galería.";

interface GalleryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Receives the chosen image; the dialog closes afterwards. */
  onSelect: (image: AdminImage) => void;
  /** The form's current image URL, preselected. */
  current?: string | null;
}

/** Spec 2 §2 "Image gallery": newest first (up to 100); upload, select, delete (after confirming). */
export function GalleryDialog({ open, onOpenChange, onSelect, current }: GalleryDialogProps) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<AdminImage | null>(null);

  const gallery = useGallery(open);

  // Preselect the image the form already uses.
  useEffect(() => {
    if (!open) {
      setSelectedId(null);
      return;
    }
    if (selectedId || !current || !gallery.data) return;
    const match = gallery.data.find((image) => image.url === current);
    if (match) setSelectedId(match.id);
  }, [open, current, gallery.data, selectedId]);

  const { upload, remove, pickFile } = useGalleryChanges(selectedId, setSelectedId);

  const choose = () => {
    const image = gallery.data?.find((i) => i.id === selectedId);
    if (!image) {
      toast({
        title: "Sin Selección",
        description: "Selecciona una imagen de la galería o sube una nueva.",
        variant: "warning",
      });
      return;
    }
    onSelect(image);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>Galería de Imágenes</DialogTitle>
          <DialogDescription>
            Elige una imagen para el premio o sube una nueva (JPG, PNG, WEBP o GIF, hasta 5MB).
          </DialogDescription>
        </DialogHeader>

        <div className="mb-4 flex flex-wrap items-center gap-2">
          <ImageUploadButton uploading={upload.isPending} onFile={pickFile}>
            Subir a la galería
          </ImageUploadButton>
          {gallery.data ? (
            <span className="text-xs text-muted">{countText(gallery.data.length, "imagen", "imágenes")}</span>
          ) : null}
        </div>

        <GalleryBody
          gallery={gallery}
          selectedId={selectedId}
          onSelect={setSelectedId}
          onDelete={setToDelete}
        />

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button onClick={choose}>Usar imagen seleccionada</Button>
        </DialogFooter>

        <ConfirmDialog
          open={toDelete !== null}
          onOpenChange={(next) => (next ? undefined : setToDelete(null))}
          title="¿Eliminar esta imagen?"
          description={<DeleteWarning name={toDelete?.name} />}
          confirmLabel="Eliminar Imagen"
          busy={remove.isPending}
          onConfirm={() => (toDelete ? remove.mutateAsync(toDelete) : undefined)}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The gallery's images, newest first, loaded while the dialog is open; a failure is also toasted. */
function useGallery(open: boolean) {
  const gallery = useQuery({
    queryKey: adminKeys.gallery(),
    queryFn: ({ signal }) => fetchGallery(signal),
    enabled: open,
    select: (data) =>
      [...data.items]
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
        .slice(0, ADMIN_GALLERY_LIMIT),
  });

  useEffect(() => {
    if (!gallery.isError) return;
    toast({ id: "gallery-error", title: "Error de Galería", description: LOAD_ERROR, variant: "error" });
  }, [gallery.isError]);
  return gallery;
}

/** Uploading to the gallery (the new image is selected) and deleting from it, kept in the cached list. */
function useGalleryChanges(selectedId: string | null, setSelectedId: (id: string | null) => void) {
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => uploadImage(file, "gallery"),
    onSuccess: (image) => {
      queryClient.setQueryData<{ items: AdminImage[] }>(adminKeys.gallery(), (old) =>
        old ? { items: [image, ...old.items.filter((i) => i.id !== image.id)] } : { items: [image] },
      );
      setSelectedId(image.id);
      toast({ title: "Imagen subida", description: `${image.name} está en la galería.`, variant: "success" });
    },
    onError: (error) =>
      toast({
        title: "Error al Subir",
        // Spec 2 §8: an upload without a session asks to check it.
        description: isApiError(error) && error.status === 401 ? "Verifica tu sesión." : errorMessage(error),
        variant: "error",
      }),
  });

  const remove = useMutation({
    mutationFn: (image: AdminImage) => deleteImage(image.id),
    onSuccess: (_data, image) => {
      queryClient.setQueryData<{ items: AdminImage[] }>(adminKeys.gallery(), (old) =>
        old ? { items: old.items.filter((i) => i.id !== image.id) } : old,
      );
      if (selectedId === image.id) setSelectedId(null);
      toast({ title: "Imagen eliminada", description: `Se eliminó ${image.name}.`, variant: "success" });
    },
    onError: (error) =>
      toast({ title: "Error al Eliminar", description: errorMessage(error), variant: "error" }),
  });

  const pickFile = (file: File | undefined) => {
    if (!file) return;
    const check = checkImageFile(file);
    if (!check.ok) {
      toast({ title: "Error al Subir", description: check.message, variant: "error" });
      return;
    }
    upload.mutate(file);
  };
  return { upload, remove, pickFile };
}

interface GalleryListProps {
  selectedId: string | null;
  onSelect: (id: string) => void;
  onDelete: (image: AdminImage) => void;
}

/** The gallery while it loads, when it fails, empty, or its images to choose from. */
function GalleryBody({ gallery, ...list }: GalleryListProps & { gallery: UseQueryResult<AdminImage[]> }) {
  return (
    <>
      {gallery.isPending ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-busy="true">
          {[1, 2, 3, 4, 5, 6].map((i) => (
            <Skeleton key={i} className="aspect-square" />
          ))}
        </div>
      ) : gallery.isError ? (
        <LoadError title="Error de Galería" onRetry={() => gallery.refetch()}>
          {LOAD_ERROR}
        </LoadError>
      ) : gallery.data.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted">La galería está vacía. Sube la primera imagen.</p>
      ) : (
        <fieldset>
          <legend className="sr-only">Imágenes de la galería</legend>
          <GalleryGrid images={gallery.data} {...list} />
        </fieldset>
      )}
    </>
  );
}

/** One radio per image (the label is the picture), each with its delete button. */
function GalleryGrid({
  images,
  selectedId,
  onSelect,
  onDelete,
}: GalleryListProps & { images: AdminImage[] }) {
  const groupName = useId();
  return (
    <ul className="grid max-h-[50dvh] grid-cols-2 gap-3 overflow-y-auto p-1 sm:grid-cols-3">
      {images.map((image) => {
        const selected = image.id === selectedId;
        return (
          <li key={image.id} className="relative">
            <label
              className={cn(
                "block cursor-pointer overflow-hidden rounded-control border-2 bg-surface transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                selected ? "border-brand-600 ring-2 ring-brand-200" : "border-line hover:border-brand-300",
              )}
            >
              <input
                type="radio"
                name={groupName}
                value={image.id}
                checked={selected}
                onChange={() => onSelect(image.id)}
                className="sr-only"
              />
              <img
                src={imageVariant(image.url, 320)}
                alt=""
                loading="lazy"
                className="aspect-square w-full bg-brand-50 object-cover"
              />
              <span className="block truncate px-2 pt-1.5 text-xs font-semibold text-ink">{image.name}</span>
              <span className="block px-2 pb-1.5 text-xs text-muted">
                {formatDate(image.createdAt, "medium")}
              </span>
            </label>
            <button
              type="button"
              onClick={() => onDelete(image)}
              aria-label={`Eliminar ${image.name}`}
              className="absolute top-1.5 right-1.5 inline-flex size-8 items-center justify-center rounded-full bg-surface/90 text-danger-700 shadow-sm hover:bg-danger-50"
            >
              <CloseIcon />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function DeleteWarning({ name }: { name: string | undefined }) {
  return (
    <p>
      Se eliminará <strong className="text-ink">{name}</strong> de la galería. Esta acción no se puede
      deshacer.
    </p>
  );
}
