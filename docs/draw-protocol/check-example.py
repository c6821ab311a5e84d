#!/usr/bin/env python3
"""Re-derives the example record from docs/draw-protocol.md alone, in Python with the standard library:
canonical JSON and the hash chain (§2), owner tags (§4), the list hash (§5), the named round (§7), the
randomness from the signature (§6.3, step 5), the winners (§8) and the replacement (§9). The BLS pairing
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

# §9 replacements, in record order
next_index = {p["level"]: p["count"] for p in rules["prizeLevels"]}
for e in entries:
    if e["type"] != "disqualification":
        continue
    d = e["data"]
    level = d["level"]
    got = None
    if pool:
        got = {"level": level, "index": next_index[level], "ticketNumber": pick(level, next_index[level])}
        next_index[level] += 1
        got["tag"] = tags[got["ticketNumber"]]
    expect(f"replacement of {d['ticketNumber']:04d}", got, d["replacement"])

print("\nTODO COINCIDE" if not problems else f"\nNO COINCIDE: {', '.join(problems)}")
sys.exit(1 if problems else 0)
