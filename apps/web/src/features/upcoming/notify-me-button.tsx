import { Button, type ButtonVariant } from "../../components/ui/button";
import { BellIcon, CheckIcon } from "../../components/ui/icons";
import { NOTIFY_MESSAGES, useNotifyMe } from "./use-notify-me";

interface NotifyMeButtonProps {
  raffle: { id: string; title: string };
  size?: "md" | "lg";
  className?: string;
  /** Id of the element naming the raffle (the card's title), for screen readers. */
  describedBy?: string;
  /** The variant while not subscribed; subscribed is always "secondary". */
  variant?: ButtonVariant;
}

/** The one 'Notificarme' button of an upcoming raffle: on its card and on the upcoming page alike. */
export function NotifyMeButton({
  raffle,
  size,
  className,
  describedBy,
  variant = "accent",
}: NotifyMeButtonProps) {
  const notify = useNotifyMe(raffle);
  return (
    <Button
      variant={notify.on ? "secondary" : variant}
      size={size}
      className={className}
      aria-pressed={notify.on}
      aria-describedby={describedBy}
      waitsForCode
      disabled={notify.busy}
      onClick={notify.toggle}
    >
      {notify.on ? <CheckIcon /> : <BellIcon />}
      {notify.on ? NOTIFY_MESSAGES.on : NOTIFY_MESSAGES.off}
    </Button>
  );
}
