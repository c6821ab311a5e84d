import { ADMIN_MESSAGES } from "@rifazo/shared/schemas/admin";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/field";
import { Input, inputClasses } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { type AdminUser, emailUser, notifyUser } from "../api/admin-api";

const TITLE_MAX = 120;
const BODY_MAX = 5000;

interface UserMessageDialogProps {
  kind: "notify" | "email";
  user: AdminUser | null;
  onClose: () => void;
}

const COPY = {
  notify: {
    title: "Enviar notificación",
    description: (user: AdminUser) =>
      `${user.fullName || user.email} la verá en la campana de notificaciones de Rifazo.`,
    subjectLabel: "Título",
    bodyLabel: "Mensaje",
    required: ADMIN_MESSAGES.notifyRequired,
    submit: "Enviar Notificación",
    done: "Notificación Enviada",
  },
  email: {
    title: "Enviar correo",
    description: (user: AdminUser) => `Se enviará un correo a ${user.email}.`,
    subjectLabel: "Asunto",
    bodyLabel: "Mensaje",
    required: ADMIN_MESSAGES.emailRequired,
    submit: "Enviar Correo",
    done: "Correo Enviado",
  },
} as const;

/** Sends the notification or the email; on success says so and closes the dialog. */
function useSendMessage(
  kind: UserMessageDialogProps["kind"],
  subject: string,
  body: string,
  onClose: () => void,
) {
  return useMutation({
    mutationFn: async (target: AdminUser) => {
      if (kind === "notify") await notifyUser(target.id, { title: subject.trim(), message: body.trim() });
      else await emailUser(target.id, { subject: subject.trim(), body: body.trim() });
    },
    onSuccess: (_data, target) => {
      toast({
        title: COPY[kind].done,
        description: `Enviado a ${target.fullName || target.email}.`,
        variant: "success",
      });
      onClose();
    },
    onError: (err) => toast({ title: "Error al Enviar", description: errorMessage(err), variant: "error" }),
  });
}

/** The subject (or title) and the message, marked invalid when left empty after trying to send. */
function MessageFields({
  kind,
  subject,
  body,
  error,
  onSubject,
  onBody,
}: {
  kind: UserMessageDialogProps["kind"];
  subject: string;
  body: string;
  error: string | undefined;
  onSubject: (value: string) => void;
  onBody: (value: string) => void;
}) {
  const idPrefix = `${kind}-message`;
  return (
    <>
      <FormField
        id={`${idPrefix}-subject`}
        label={COPY[kind].subjectLabel}
        invalid={Boolean(error) && !subject.trim()}
      >
        {(control) => (
          <Input
            maxLength={TITLE_MAX}
            value={subject}
            onChange={(event) => onSubject(event.target.value)}
            {...control}
          />
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-body`}
        label={COPY[kind].bodyLabel}
        hint={`${body.length}/${BODY_MAX}`}
        invalid={Boolean(error) && !body.trim()}
      >
        {(control) => (
          <textarea
            rows={5}
            maxLength={BODY_MAX}
            className={cn(inputClasses, "h-auto py-2")}
            value={body}
            onChange={(event) => onBody(event.target.value)}
            {...control}
          />
        )}
      </FormField>
    </>
  );
}

/** Spec 2 §2 "Users tab": an in-app notification (title + message) or a manual email (subject + body). */
export function UserMessageDialog({ kind, user, onClose }: UserMessageDialogProps) {
  const copy = COPY[kind];
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [error, setError] = useState<string>();
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined) return;
    setSubject("");
    setBody("");
    setError(undefined);
  }, [userId]);

  const send = useSendMessage(kind, subject, body, onClose);

  return (
    <Dialog open={user !== null} onOpenChange={(open) => (open || send.isPending ? undefined : onClose())}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>{copy.title}</DialogTitle>
          <DialogDescription>{user ? copy.description(user) : null}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!user) return;
            if (!subject.trim() || !body.trim()) {
              setError(copy.required);
              return;
            }
            setError(undefined);
            send.mutate(user);
          }}
        >
          {error ? <Alert variant="danger">{error}</Alert> : null}
          <MessageFields
            kind={kind}
            subject={subject}
            body={body}
            error={error}
            onSubject={setSubject}
            onBody={setBody}
          />
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={send.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={send.isPending} loadingText="Enviando...">
              {copy.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
