#!/usr/bin/env python3
"""Re-derives the example record from docs/draw-protocol.md alone, in Python with the standard library:
canonical JSON and the hash chain (§2), owner tags (§4), the list hash (§5), the named round (§7) and the
timing of its proof (§7.1), the randomness from the signature (§6.3, step 5), the winners (§8) and the
blind replacement (§9: claim period, named round, pick). The BLS pairing
check of §6.3 needs a BLS12-381 library, which the standard library lacks, so it is not repeated here.

    python3 docs/draw-protocol/check-example.py [record.json] [receipts.json]
"""
import hashlib
import hmac
import json
import math
import sys
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
record = json.loads(Path(sys.argv[1] if len(sys.argv) > 1 else HERE / "example-record.json").read_text("utf-8"))
receipts = json.loads(Path(sys.argv[2] if len(sys.argv) > 2 else HERE / "example-receipts.json").read_text("utf-8"))
US = b"\x1f"


def canonical(value):
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        # Same escapes as ECMAScript JSON.stringify, non-ASCII written as itself.
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ",".join(canonical(v) for v in value) + "]"
    if isinstance(value, dict):
        keys = sorted(value, key=lambda k: k.encode("utf-16-be"))
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + canonical(value[k]) for k in keys) + "}"
    raise ValueError(f"not allowed in the record: {value!r}")


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def unix_ms(text: str) -> int:
    dt = datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=timezone.utc)
    return int(dt.timestamp() * 1000 + 0.5)


problems = []


def expect(name, actual, expected):
    status = "ok" if actual == expected else "FALLA"
    if actual != expected:
        problems.append(name)
    print(f"{status:5} {name}: {actual}" + ("" if actual == expected else f" (esperado {expected})"))


raffle = record["raffleId"]
entries = record["entries"]

# §2 hash chain
prev = "0" * 64
for i, e in enumerate(entries):
    body = {"seq": i, "type": e["type"], "at": e["at"], "data": e["data"], "prevHash": prev}
    expect(f"entry {i} hash", sha256_hex(canonical(body).encode("utf-8")), e["hash"])
    prev = e["hash"]

by_type = {e["type"]: e for e in entries}
rules, frozen, named, beacon = (by_type[t]["data"] for t in ("rules_published", "frozen", "round_named", "beacon"))

# §4 owner tags
tags = {t["number"]: t["tag"] for t in frozen["tickets"]}
for r in receipts["receipts"]:
    key = bytes.fromhex(r["receiptSecret"])
    for n in r["numbers"]:
        msg = b"rifazo-owner-tag-v1" + US + raffle.encode() + US + f"{n:04d}".encode()
        expect(f"owner tag {n:04d}", hmac.new(key, msg, hashlib.sha256).hexdigest()[:32], tags[n])

# §5 list hash
text = ",".join(f"{t['number']:04d}:{t['tag']}" for t in sorted(frozen["tickets"], key=lambda t: t["number"]))
expect("list hash", sha256_hex(text.encode()), frozen["listHash"])

# §7 round
chain = named["chain"]
target = unix_ms(by_type["frozen"]["at"]) + rules["announcement"]["roundDelayMinutes"] * 60000
elapsed = target - chain["genesis_time"] * 1000
period_ms = chain["period"] * 1000
round_ = 1 if elapsed <= 0 else -(-elapsed // period_ms) + 1
expect("named round", round_, named["round"])
round_seconds = chain["genesis_time"] + (round_ - 1) * chain["period"]
expect("round time", datetime.fromtimestamp(round_seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z"), named["roundTime"])


def round_ms(r):
    return (chain["genesis_time"] + (r - 1) * chain["period"]) * 1000


def first_round(ms):
    el = ms - chain["genesis_time"] * 1000
    return 1 if el <= 0 else -(-el // period_ms) + 1


# §7.1 timing (the latest beacon's BLS signature needs a BLS library)
latest = named["latestBeacon"]["round"]
expect("latest beacon before the freeze", round_ms(latest) <= unix_ms(by_type["frozen"]["at"]), True)
expect("named round after the latest beacon", named["round"] > latest, True)
expect("named round at least the delay after it", round_ms(named["round"]) - round_ms(latest) >= rules["announcement"]["roundDelayMinutes"] * 60000, True)

# §6.3 step 5 randomness
expect("randomness", sha256_hex(bytes.fromhex(beacon["signature"])), beacon["randomness"])

# §8 winners
key = bytes.fromhex(beacon["randomness"])
pool = sorted(tags)


def pick(level, index):
    n = len(pool)
    limit = 2**256 - (2**256 % n)
    counter = 0
    while True:
        msg = US.join(str(f).encode() for f in ("rifazo-draw-v2", raffle, frozen["listHash"], level, index, counter))
        x = int.from_bytes(hmac.new(key, msg, hashlib.sha256).digest(), "big")
        if x < limit:
            return pool.pop(x % n)
        counter += 1


picks = []
for level in sorted(rules["prizeLevels"], key=lambda p: p["level"]):
    for index in range(level["count"]):
        if pool:
            picks.append({"level": level["level"], "index": index, "ticketNumber": pick(level["level"], index)})
recorded = [{k: w[k] for k in ("level", "index", "ticketNumber")} for w in by_type["winners"]["data"]["winners"]]
expect("winners", picks, recorded)

# §9 blind replacements, in record order
next_index = {p["level"]: p["count"] for p in rules["prizeLevels"]}
current = {(w["level"], w["index"]): w["ticketNumber"] for w in by_type["winners"]["data"]["winners"]}
announced = {k: by_type["winners"]["at"] for k in current}
disqualified = set()
pending = []
for e in entries:
    if e["type"] == "disqualification":
        d = e["data"]
        slot = (d["level"], d["index"])
        expect(f"disqualified {d['ticketNumber']:04d} is a current winner", current.get(slot), d["ticketNumber"])
        codes = [r["code"] for r in rules["disqualificationReasons"]]
        expect("reason in the closed list", d["reason"] in codes, True)
        if d["reason"] == "unclaimed":
            due = unix_ms(announced[slot]) + rules["claimPeriodDays"] * 86400000
            expect("claim period over", unix_ms(e["at"]) >= due, True)
        else:
            expect("evidence hash", len(d.get("evidenceHash") or ""), 64)
        delay = rules["replacementDelayMinutes"]
        expect("round at least the delay after", d["round"] >= first_round(unix_ms(e["at"]) + delay * 60000), True)
        lb = d["latestBeacon"]["round"]
        expect("its latest beacon", round_ms(lb) <= unix_ms(e["at"]) and d["round"] > lb and round_ms(d["round"]) - round_ms(lb) >= delay * 60000, True)
        disqualified.add(current.pop(slot))
        pending.append((e, slot))
    elif e["type"] == "replacement":
        d, slot = pending.pop(0)
        r = e["data"]
        expect("replacement answers its disqualification", r["disqualification"], d["seq"])
        expect("replacement randomness", sha256_hex(bytes.fromhex(r["signature"])), r["randomness"])
        key = bytes.fromhex(r["randomness"])
        level = slot[0]
        pool = sorted(n for n in tags if n not in current.values() and n not in disqualified)
        got = None
        if pool:
            n = len(pool)
            limit = 2**256 - (2**256 % n)
            counter = 0
            while True:
                fields = ("rifazo-replacement-v3", raffle, frozen["listHash"], d["hash"], level, next_index[level], counter)
                x = int.from_bytes(hmac.new(key, US.join(str(f).encode() for f in fields), hashlib.sha256).digest(), "big")
                if x < limit:
                    break
                counter += 1
            ticket = pool[x % n]
            got = {"level": level, "index": next_index[level], "ticketNumber": ticket, "tag": tags[ticket]}
            current[(level, next_index[level])] = ticket
            announced[(level, next_index[level])] = e["at"]
            next_index[level] += 1
        expect(f"replacement of {d['data']['ticketNumber']:04d}", got, r["replacement"])

print("\nTODO COINCIDE" if not problems else f"\nNO COINCIDE: {', '.join(problems)}")
sys.exit(1 if problems else 0)
