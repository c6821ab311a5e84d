import { MIN_TICKETS_PER_PURCHASE } from "@rifazo/shared/constants";
import { formatTicketNumber, ticketDigits } from "@rifazo/shared/domain/tickets";
import { useId, useState } from "react";
import { Button } from "../../../../components/ui/button";
import { Input } from "../../../../components/ui/input";
import { Label } from "../../../../components/ui/label";
import { parseNumberQuery } from "../../lib/number-selection";

/** "Buscar número": a valid number moves the grid to it; an invalid one is said under the field. */
function NumberSearch({ total, onJump }: { total: number; onJump: (n: number) => void }) {
  const searchId = useId();
  const [search, setSearch] = useState("");
  const [searchError, setSearchError] = useState<string>();
  const jump = () => {
    const result = parseNumberQuery(search, total);
    if (!result.ok) {
      setSearchError(result.message);
      return;
    }
    setSearchError(undefined);
    onJump(result.number);
  };
  return (
    <form
      className="space-y-1"
      onSubmit={(event) => {
        event.preventDefault();
        jump();
      }}
    >
      <Label htmlFor={searchId}>Buscar número</Label>
      <div className="flex gap-2">
        <Input
          id={searchId}
          inputMode="numeric"
          autoComplete="off"
          placeholder={formatTicketNumber(0, total)}
          value={search}
          maxLength={ticketDigits(total)}
          aria-invalid={searchError ? true : undefined}
          aria-describedby={searchError ? `${searchId}-error` : undefined}
          onChange={(event) => setSearch(event.target.value.replace(/\D/g, ""))}
        />
        <Button type="submit" variant="outline" waitsForCode>
          Ir
        </Button>
      </div>
      {searchError ? (
        <p id={`${searchId}-error`} className="text-xs font-semibold text-danger-700">
          {searchError}
        </p>
      ) : null}
    </form>
  );
}

/** "Números al azar": how many to add at random (the count as typed; the picker checks it). */
function RandomPick({
  cap,
  ready,
  onRandom,
}: {
  cap: number;
  ready: boolean;
  onRandom: (count: string) => void;
}) {
  const randomId = useId();
  const [randomCount, setRandomCount] = useState(String(MIN_TICKETS_PER_PURCHASE));
  return (
    <form
      className="space-y-1"
      onSubmit={(event) => {
        event.preventDefault();
        onRandom(randomCount);
      }}
    >
      <Label htmlFor={randomId}>Números al azar</Label>
      <div className="flex gap-2">
        <Input
          id={randomId}
          type="number"
          inputMode="numeric"
          min={1}
          max={cap}
          value={randomCount}
          onChange={(event) => setRandomCount(event.target.value)}
        />
        <Button type="submit" variant="outline" waitsForCode disabled={!ready}>
          Al azar
        </Button>
      </div>
    </form>
  );
}

/** Search and "Al azar" side by side above the grid. */
export function PickerTools(props: {
  total: number;
  cap: number;
  /** The taken numbers are known, so random picks can avoid them. */
  ready: boolean;
  onJump: (n: number) => void;
  onRandom: (count: string) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <NumberSearch total={props.total} onJump={props.onJump} />
      <RandomPick cap={props.cap} ready={props.ready} onRandom={props.onRandom} />
    </div>
  );
}
