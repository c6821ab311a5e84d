import { DRAW_RESULT_LINK_TEXT } from "@rifazo/shared/domain/glossary";
import { Link } from "react-router";
import { paths } from "../../../lib/paths";

/** The glossary's link to the raffle's draw page, as a text link under the raffle's main action. */
export function DrawResultLink({ raffleId }: { raffleId: string }) {
  return (
    <Link
      to={paths.draw(raffleId)}
      className="block text-center text-sm font-semibold text-brand-700 hover:underline underline-offset-4"
    >
      {DRAW_RESULT_LINK_TEXT}
    </Link>
  );
}
