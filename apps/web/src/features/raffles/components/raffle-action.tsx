import type { RaffleCardState } from "@rifazo/shared/domain/raffle-card-state";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Button, type ButtonVariant, buttonClasses } from "../../../components/ui/button";
import { ArrowRightIcon, TrophyIcon } from "../../../components/ui/icons";
import { toast } from "../../../components/ui/toast";
import { cn } from "../../../lib/cn";
import { paths } from "../../../lib/paths";
import { NotifyMeButton } from "../../upcoming";
import type { PublicRaffle } from "../api/raffles-api";

// Radix Dialog arrives with the first click (or hover), so the home page never downloads it. Loaded by
// hand rather than with React.lazy: if the download fails (offline, or a deploy replaced the files) the
// visitor gets a toast instead of the whole page turning into the error screen.
type DialogsModule = typeof import("./raffle-dialogs");
let dialogsModule: DialogsModule | null = null;
let dialogsLoading: Promise<DialogsModule> | null = null;

function loadDialogs(): Promise<DialogsModule> {
  dialogsLoading ??= import("./raffle-dialogs").then(
    (module) => {
      dialogsModule = module;
      return module;
    },
    (error: unknown) => {
      dialogsLoading = null;
      throw error;
    },
  );
  return dialogsLoading;
}

type DialogKind = "winners" | "announcement";

interface RaffleActionProps {
  raffle: PublicRaffle;
  state: RaffleCardState;
  size?: "md" | "lg";
  className?: string;
}

/** The winners and announcement dialogs: their code loads on demand, then they stay mounted. */
function useActionDialogs() {
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  // Kept mounted after the first opening so the dialog can animate out and reopen at once.
  const [mounted, setMounted] = useState<DialogKind | null>(null);
  const [dialogs, setDialogs] = useState(dialogsModule);

  const open = (kind: DialogKind) => {
    loadDialogs().then(
      (module) => {
        setDialogs(module);
        setMounted(kind);
        setDialog(kind);
      },
      () =>
        toast({
          title: "Sin conexión",
          description: "No se pudo abrir la información. Revisa tu conexión e inténtalo de nuevo.",
          variant: "error",
        }),
    );
  };
  // Hovering or focusing the button starts the download, so the dialog opens without a wait.
  const prefetch = () => void loadDialogs().catch(() => undefined);

  return { dialog, setDialog, mounted, dialogs, open, prefetch };
}

function ActionDialogs({
  raffle,
  dialogs,
  mounted,
  dialog,
  onChange,
}: {
  raffle: RaffleActionProps["raffle"];
  dialogs: ReturnType<typeof useActionDialogs>["dialogs"];
  mounted: DialogKind | null;
  dialog: DialogKind | null;
  onChange: (dialog: DialogKind | null) => void;
}) {
  return (
    <>
      {dialogs && mounted === "winners" ? (
        <dialogs.WinnersDialog
          raffle={raffle}
          open={dialog === "winners"}
          onOpenChange={(next) => onChange(next ? "winners" : null)}
        />
      ) : null}
      {dialogs && mounted === "announcement" ? (
        <dialogs.ExternalAnnouncementDialog
          raffle={raffle}
          open={dialog === "announcement"}
          onOpenChange={(next) => onChange(next ? "announcement" : null)}
        />
      ) : null}
    </>
  );
}

/** The card's main button (spec 1 §2 "Raffle card"), decided by raffleCardState. */
export function RaffleAction({ raffle, state, size = "md", className }: RaffleActionProps) {
  const { dialog, setDialog, mounted, dialogs, open, prefetch } = useActionDialogs();
  const action = state.primaryAction;
  const full = cn("w-full", className);
  const classes = (variant: ButtonVariant) => buttonClasses({ variant, size, className: full });

  let control: ReactNode;
  switch (action.kind) {
    case "view_details":
      // A cancelled raffle: its page says why; nothing to buy or draw.
      control = (
        <Link to={paths.raffle(raffle.id)} className={classes("outline")}>
          {action.label}
        </Link>
      );
      break;
    case "participate":
      control = (
        <Link to={paths.raffle(raffle.id)} className={classes("primary")}>
          {action.label}
          <ArrowRightIcon />
        </Link>
      );
      break;
    case "last_chance":
      control = (
        <Link to={paths.raffle(raffle.id)} className={classes("danger")}>
          {action.label}
        </Link>
      );
      break;
    case "start_draw":
    case "view_draw":
      control = (
        <Link to={paths.draw(raffle.id)} className={classes("accent")}>
          {action.label}
        </Link>
      );
      break;
    case "notify":
      // The same 'Notificarme' as on the upcoming page (features/upcoming).
      control = <NotifyMeButton raffle={raffle} size={size} className={full} />;
      break;
    case "view_winner":
    case "external_announcement":
      control = (
        <Button
          variant="accent"
          size={size}
          className={full}
          onClick={() => open(action.kind === "view_winner" ? "winners" : "announcement")}
          onPointerEnter={prefetch}
          onFocus={prefetch}
        >
          <TrophyIcon />
          {action.label}
        </Button>
      );
      break;
  }

  return (
    <>
      {control}
      <ActionDialogs
        raffle={raffle}
        dialogs={dialogs}
        mounted={mounted}
        dialog={dialog}
        onChange={setDialog}
      />
    </>
  );
}
