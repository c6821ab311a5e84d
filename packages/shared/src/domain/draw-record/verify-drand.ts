import {
  assertSupportedChain,
  firstRoundAtOrAfterMs,
  isLeagueOfEntropyChain,
  roundTime,
  verifyBeacon,
} from "../drand";
import { DrawInputError } from "../draw-engine";
import { ALGORITHM_VERSION_V2, drawV2 } from "../draw-engine-v2";
import { assertProvablyFuture } from "./assertions";
import { type FrozenState, show, winnerList, withTags } from "./checks";
import { verifyDecisionsV2 } from "./decisions-v2";
import { decisionsV3 } from "./decisions-v3";
import type { BeaconData, RecordEntry, RoundNamedData } from "./types";
import { valueText } from "./value-text";
import { RECORD_CHECK_NAMES } from "./verification";

/** An internal draw: 5. the round named at the freeze, 6. its beacon, 7. the winners, 8. replacements. */
export async function verifyDrandDraw(state: FrozenState): Promise<void> {
  const named = await checkRoundNamed(state);
  if (!named) return;
  const beacon = await checkBeacon(state, named);
  if (!beacon) return;
  const { entries, record, frozen, numbers, levels, tags, out } = state;
  const winnersEntry = entries.find((e) => e.type === "winners") as RecordEntry<"winners"> | undefined;
  if (!winnersEntry) {
    out.status = "awaiting_winners";
    out.pending.push("El beacon ya está en el acta: falta registrar los ganadores.");
    return;
  }
  const input = {
    raffleId: record.raffleId,
    listHash: frozen.listHash,
    randomness: beacon.randomness,
    ticketNumbers: numbers,
    prizeLevels: levels,
  };
  const winnersOk = await state.checks.compare(
    RECORD_CHECK_NAMES.winners,
    show({
      algorithm: winnersEntry.data?.algorithm,
      winners: winnerList(winnersEntry.data?.winners),
    }),
    async () =>
      show({
        algorithm: ALGORITHM_VERSION_V2,
        winners: winnerList(withTags((await drawV2(input)).picks, tags)),
      }),
  );
  if (!winnersOk) return;
  out.status = "drawn";

  if (state.v3) {
    const decisions = decisionsV3(
      state,
      withTags((await drawV2(input)).picks, tags),
      winnersEntry.at,
      named.chain,
    );
    for (const [i, entry] of entries.entries()) {
      if (i <= entries.indexOf(winnersEntry)) continue;
      if (!(await decisions.handle(entry, i))) return;
    }
    decisions.finish();
    return;
  }
  await verifyDecisionsV2(state, input);
}

/** 5. The round named at the freeze: a supported chain, the first round after the delay, provably future (v3). */
async function checkRoundNamed(state: FrozenState): Promise<RoundNamedData | null> {
  const { entries, rules, checks, out, frozenAt } = state;
  const roundEntry = entries.find((e) => e.type === "round_named") as RecordEntry<"round_named"> | undefined;
  if (!roundEntry) {
    out.pending.push("Falta fijar la ronda de drand que decidirá el sorteo.");
    return null;
  }
  const named = roundEntry.data;
  const delay =
    rules.announcement.type === "internal"
      ? rules.announcement.roundDelayMinutes
      : (rules.announcement.fallbackRoundDelayMinutes ?? 0);
  const chainOk = await checks.compare(RECORD_CHECK_NAMES.chain, valueText(named?.chain?.hash), () => {
    assertSupportedChain(named.chain);
    return named.chain.hash;
  });
  if (!chainOk) return null;
  out.chainHash = named.chain.hash;
  if (!isLeagueOfEntropyChain(named.chain.hash)) {
    out.warnings.push(
      `Este sorteo usó una cadena que no es de la League of Entropy: ${named.chain.hash}. Su aleatoriedad depende de quien controle esa cadena (en pruebas y demostraciones, el propio servidor).`,
    );
  }
  const roundOk = await checks.compare(
    RECORD_CHECK_NAMES.round,
    show({ round: named.round, roundTime: named.roundTime, delayMinutes: named.delayMinutes }),
    () => {
      const round = firstRoundAtOrAfterMs(named.chain, Date.parse(frozenAt) + delay * 60_000);
      return show({
        round,
        roundTime: new Date(roundTime(named.chain, round) * 1000).toISOString(),
        delayMinutes: delay,
      });
    },
  );
  if (!roundOk) return null;
  if (state.v3) {
    // The named round was not yet published when the list froze: the server shows the latest beacon
    // it held then, and the named round comes at least the delay after it (§7.1).
    const futureOk = await checks.compare(
      RECORD_CHECK_NAMES.futureRound,
      show({ round: named.round, latestBeacon: named.latestBeacon ?? null }),
      async () => {
        await assertProvablyFuture(named.chain, named.latestBeacon, frozenAt, named.round, delay);
        return show({ round: named.round, latestBeacon: named.latestBeacon });
      },
    );
    if (!futureOk) return null;
  }
  out.round = named.round;
  out.roundTime = named.roundTime;
  return named;
}

/** 6. The beacon of the named round: its BLS signature, and recorded after the round was published. */
async function checkBeacon(state: FrozenState, named: RoundNamedData): Promise<BeaconData | null> {
  const { entries, checks, out } = state;
  const beaconEntry = entries.find((e) => e.type === "beacon") as RecordEntry<"beacon"> | undefined;
  if (!beaconEntry) {
    out.status = "awaiting_beacon";
    out.pending.push(
      `Falta el beacon de la ronda ${named.round} de drand (se publica el ${named.roundTime}).`,
    );
    return null;
  }
  const beacon = beaconEntry.data;
  const beaconOk = await checks.compare(
    RECORD_CHECK_NAMES.beacon,
    show({ round: beacon?.round, randomness: beacon?.randomness }),
    async () => {
      if (beacon.round !== named.round) {
        throw new DrawInputError(
          `el beacon es de la ronda ${valueText(beacon.round)}, no de la ronda fijada ${named.round}`,
        );
      }
      if (typeof beacon.randomness !== "string") throw new DrawInputError("falta randomness");
      if (typeof beacon.signature !== "string" || beacon.signature !== beacon.signature.toLowerCase()) {
        throw new DrawInputError("la firma debe estar en hexadecimal en minúscula");
      }
      const randomness = await verifyBeacon(named.chain, beacon);
      return show({ round: named.round, randomness });
    },
  );
  checks.add(
    RECORD_CHECK_NAMES.beaconTime,
    Date.parse(beaconEntry.at) >= Date.parse(named.roundTime),
    `≥ ${named.roundTime}`,
    beaconEntry.at,
  );
  return beaconOk ? beacon : null;
}
