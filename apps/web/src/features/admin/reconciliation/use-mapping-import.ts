import { statementImportInputSchema } from "@rifazo/shared/schemas/admin/reconciliation";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import {
  importStatement,
  previewStatement,
  reconciliationKeys,
  type StatementImportResult,
  type StatementMapping,
  type StatementUploadResult,
} from "../api/reconciliation-api";

const PREVIEW_DEBOUNCE_MS = 400;

/** The parsed rows of the current mapping, asked for once the mapping stops changing. */
export function useMappingPreview(statementId: string, mapping: StatementMapping | null) {
  // Debounced as text: a new object each render would restart the timer on every render.
  const mappingKey = mapping ? JSON.stringify(mapping) : null;
  const debouncedKey = useDebouncedValue(mappingKey, PREVIEW_DEBOUNCE_MS);
  const debounced = useMemo(
    () => (debouncedKey ? (JSON.parse(debouncedKey) as StatementMapping) : null),
    [debouncedKey],
  );
  const preview = useQuery({
    queryKey: reconciliationKeys.preview(statementId, debounced),
    queryFn: ({ signal }) => previewStatement(statementId, debounced as StatementMapping, signal),
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const problems = preview.data && debounced !== null ? preview.data.counts.problems : 0;
  const previewCurrent =
    preview.data !== undefined && !preview.isPlaceholderData && mappingKey === debouncedKey;
  const settling = mappingKey !== debouncedKey;
  return { preview, problems, previewCurrent, settling };
}

/**
 * The import: the bank's name (checked like the server does) and the consent to skip the unreadable
 * rows, which covers the rows seen: another count (a new mapping) asks again.
 */
export function useMappingImport({
  upload,
  bankId,
  mapping,
  problems,
  onImported,
}: {
  upload: StatementUploadResult;
  bankId: string | null;
  mapping: StatementMapping | null;
  problems: number;
  onImported: (result: StatementImportResult) => void;
}) {
  // The bank chosen at upload, else the one whose remembered columns fit the file, else the detected one.
  const [bankName, setBankName] = useState(
    () =>
      upload.banks.find((b) => b.id === bankId)?.name ??
      upload.remembered?.name ??
      upload.detectedBank?.name ??
      "",
  );
  const [bankNameError, setBankNameError] = useState<string>();
  const [skipUnreadable, setSkipUnreadable] = useState(false);
  const [skipError, setSkipError] = useState(false);
  const skipRef = useRef<HTMLInputElement>(null);
  const bankNameRef = useRef<HTMLInputElement>(null);
  const [consentFor, setConsentFor] = useState(problems);
  if (consentFor !== problems) {
    setConsentFor(problems);
    setSkipUnreadable(false);
  }

  const importing = useMutation({
    mutationFn: (body: { bankName: string; mapping: StatementMapping; skipUnreadable: boolean }) =>
      importStatement(upload.statementId, body),
    onSuccess: onImported,
  });

  const onSubmit = () => {
    if (!mapping) return;
    const parsed = statementImportInputSchema.safeParse({ bankName, mapping, skipUnreadable });
    const nameIssue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === "bankName");
    setBankNameError(nameIssue?.message);
    if (nameIssue) {
      bankNameRef.current?.focus();
      return;
    }
    if (problems > 0 && !skipUnreadable) {
      setSkipError(true);
      skipRef.current?.focus();
      return;
    }
    importing.mutate({ bankName: bankName.trim(), mapping, skipUnreadable: problems > 0 && skipUnreadable });
  };

  const onSkipChange = (checked: boolean) => {
    setSkipUnreadable(checked);
    if (checked) setSkipError(false);
  };

  return {
    bankName,
    setBankName,
    bankNameError,
    bankNameRef,
    skipUnreadable,
    skipError,
    skipRef,
    onSkipChange,
    importing,
    onSubmit,
  };
}
