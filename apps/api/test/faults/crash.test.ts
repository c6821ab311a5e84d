// The real server (dist/server.js) killed with SIGKILL in the middle of a burst of uploads, approvals and
// deletions, then started again on the same database and DATA_DIR ("faults"). Whatever was
// acknowledged with a 2xx before the kill must still be there, and the books must balance. Files written
// by requests the kill cut short (stored, row never committed; or row deleted, file not yet removed) are
// swept by the server itself at start once they are older than the sweep's grace period.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatTicketNumber } from "@rifazo/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { NEEDS_SERVER } from "./env";
import type * as Harness from "./harness";
import type { ScratchDatabase } from "./support";

// Loaded only when the suite runs: without a server the file is skipped at the cost of its vitest import.
const {
  checkInvariants,
  createScratchDatabase,
  eq,
  inArray,
  insertBuyers,
  listProofFiles,
  proofForm,
  ORPHAN_GRACE_MS,
  openDatabase,
  paymentProofs,
  raffleBody,
  raffles,
  runBounded,
  seededRandom,
  sleep,
  teardown,
  tickets,
  tinyPng,
} = NEEDS_SERVER ? ({} as typeof Harness) : await import("./harness");

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const bundle = path.join(apiDir, "dist/server.js");
const ADMIN_EMAIL = "admin.caida@example.com";
const ADMIN_PASSWORD = "ClaveAdmin123";
const BUYERS = 12;
const IN_FLIGHT = 24;
/** The kill lands after this many acknowledged operations, with IN_FLIGHT more on the wire. */
const KILL_AFTER_ACKS = 120;

/** Newest modification time under `dir`, test files excluded (they are not in the bundle). */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (!entry.name.endsWith(".test.ts")) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds dist/server.js when it is missing or older than the API or shared sources it bundles. */
function ensureBundle(): void {
  const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  const sources = Math.max(
    newestSource(path.join(apiDir, "src")),
    newestSource(path.join(apiDir, "../../packages/shared/src")),
  );
  if (built > sources) return;
  execFileSync(process.execPath, [path.join(apiDir, "build.mjs")], { cwd: apiDir, stdio: "pipe" });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  logs: Array<Record<string, unknown>>;
  stderr: string[];
  exited: Promise<number | null>;
}

/** Every 2xx that reached the client before the kill, and what was still on the wire. */
interface Ledger {
  uploads: Map<string, { userId: string; cookie: string }>;
  approvals: Map<string, string[]>;
  deletes: Set<string>;
  deleteAttempts: Set<string>;
  lost: number;
}

// The test reads the database while the server process has it open: PGlite allows one process at a time.
describe.skipIf(NEEDS_SERVER)(
  "faults: SIGKILL of the server mid-burst and restart (needs TEST_DATABASE_URL; spawns dist/server.js)",
  () => {
    let scratch: ScratchDatabase;
    let dataDir: string;
    let port: number;
    let base: string;
    let png: Buffer;
    let server: Server | undefined;
    let database: Database | undefined;

    function start(): Promise<Server> {
      const child = spawn(process.execPath, [bundle], {
        cwd: apiDir,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          PORT: String(port),
          HOST: "127.0.0.1",
          PUBLIC_URL: base,
          DATA_DIR: dataDir,
          DATABASE_URL: scratch.url,
          SEED_DEMO: "0",
          ADMIN_EMAIL,
          ADMIN_PASSWORD,
          LOG_LEVEL: "info",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const logs: Server["logs"] = [];
      const stderr: string[] = [];
      let partial = "";
      child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
        partial += chunk;
        const lines = partial.split("\n");
        partial = lines.pop() ?? "";
        for (const line of lines) {
          try {
            logs.push(JSON.parse(line));
          } catch {
            logs.push({ msg: line });
          }
        }
      });
      child.stderr?.setEncoding("utf8").on("data", (chunk: string) => stderr.push(chunk));
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      return (async () => {
        const deadline = Date.now() + 60_000;
        while (Date.now() < deadline) {
          if (child.exitCode !== null) break;
          const ok = await fetch(`${base}/api/health`)
            .then((r) => r.status === 200)
            .catch(() => false);
          if (ok) return { child, logs, stderr, exited };
          await sleep(100);
        }
        child.kill("SIGKILL");
        throw new Error(`el servidor no arrancó:\n${stderr.join("")}\n${JSON.stringify(logs.slice(-5))}`);
      })();
    }

    async function waitForLog(s: Server, message: string, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = s.logs.find((line) => String(line.msg ?? "").includes(message));
        if (found) return found;
        await sleep(50);
      }
      throw new Error(`no apareció en el log: ${message}`);
    }

    async function login(email: string, password: string): Promise<string> {
      const response = await fetch(`${base}/api/account/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      if (response.status !== 200)
        throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
      return response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
    }

    beforeAll(async () => {
      ensureBundle();
      scratch = await createScratchDatabase("crash");
      dataDir = mkdtempSync(path.join(tmpdir(), "rifazo-crash-"));
      port = await freePort();
      base = `http://127.0.0.1:${port}`;
      png = await tinyPng();
    }, 120_000);

    afterAll(() =>
      teardown(
        async () => {
          if (server && server.child.exitCode === null && server.child.signalCode === null) {
            server.child.kill("SIGKILL");
            await server.exited;
          }
        },
        () => database?.close(),
        () => scratch?.drop(),
        () => dataDir && rmSync(dataDir, { recursive: true, force: true }),
      ),
    );

    it("keeps every acknowledged upload, approval and deletion across a SIGKILL, and sweeps the files it cut short", async () => {
      server = await start();
      database = await openDatabase({ url: scratch.url, poolMax: 2 });
      const { db } = database;

      // Buyers straight into the database (the server migrated it); they sign in over HTTP like a browser.
      const { hashPassword } = await import("better-auth/crypto");
      const password = "ClaveSegura123";
      const hash = await hashPassword(password);
      const rows = await insertBuyers(db, BUYERS, { id: "crash", email: "caida" }, hash);
      const buyers: Array<{ id: string; cookie: string }> = [];
      for (const row of rows) buyers.push({ id: row.id, cookie: await login(row.email, password) });
      const admin = await login(ADMIN_EMAIL, ADMIN_PASSWORD);

      const raffleIds: string[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${base}/api/admin/raffles`, {
          method: "POST",
          headers: { cookie: admin, "content-type": "application/json" },
          body: JSON.stringify(
            raffleBody({ title: `Rifa del apagón ${i + 1}`, price: 1, totalTickets: 300 }),
          ),
        });
        expect(response.status, await response.clone().text()).toBe(201);
        raffleIds.push(((await response.json()) as { id: string }).id);
      }
      for (let ready = false, waited = 0; !ready; waited += 100) {
        const generated = await db
          .select({ id: raffles.id })
          .from(raffles)
          .where(eq(raffles.ticketsGenerated, true));
        ready = generated.length === raffleIds.length;
        if (!ready && waited > 30_000) throw new Error("los boletos no se generaron");
        if (!ready) await sleep(100);
      }

      // The burst. Operations are planned from a fixed seed; the kill fires from inside the burst.
      const random = seededRandom(424_242);
      const ledger: Ledger = {
        uploads: new Map(),
        approvals: new Map(),
        deletes: new Set(),
        deleteAttempts: new Set(),
        lost: 0,
      };
      const pending: string[] = [];
      let acks = 0;
      let killed = false;
      let turn = 0;
      const live = server;

      const send = async (url: string, init: RequestInit) => {
        try {
          const response = await fetch(url, init);
          return { status: response.status, body: (await response.json()) as Record<string, unknown> };
        } catch {
          // Cut by the kill: sent, outcome unknown to the client.
          ledger.lost += 1;
          return undefined;
        }
      };
      const acknowledged = () => {
        acks += 1;
        if (acks === KILL_AFTER_ACKS && !killed) {
          killed = true;
          live.child.kill("SIGKILL");
        }
      };

      await runBounded(400, IN_FLIGHT, async () => {
        if (killed) return;
        const roll = random.next();
        if (roll < 0.6 || pending.length === 0) {
          const buyer = buyers[turn++ % buyers.length];
          if (!buyer) return;
          const quantity = random.int(2, 5);
          const raffleId = random.pick(raffleIds);
          const form = proofForm(png, {
            raffleId,
            paymentMethod: "pago_movil",
            quantity,
            refPrefix: "KILL",
            keyPrefix: "crash",
          });
          const result = await send(`${base}/api/proofs`, {
            method: "POST",
            headers: { cookie: buyer.cookie, "content-type": form.contentType },
            body: form.body,
          });
          if (result && result.status < 300) {
            const id = String(result.body.id);
            ledger.uploads.set(id, { userId: buyer.id, cookie: buyer.cookie });
            pending.push(id);
            acknowledged();
          }
          return;
        }
        const id = pending.splice(Math.floor(random.next() * pending.length), 1)[0];
        if (!id) return;
        if (roll < 0.9) {
          const result = await send(`${base}/api/admin/proofs/${id}/approve`, {
            method: "POST",
            headers: { cookie: admin },
          });
          if (result?.status === 200) {
            ledger.approvals.set(id, result.body.tickets as string[]);
            if (random.next() < 0.3) pending.push(id); // approved proofs may still be deleted
            acknowledged();
          }
          return;
        }
        ledger.deleteAttempts.add(id);
        const result = await send(`${base}/api/admin/proofs/${id}`, {
          method: "DELETE",
          headers: { cookie: admin },
        });
        if (result?.status === 200) {
          ledger.deletes.add(id);
          acknowledged();
        }
      });
      expect(killed, "el burst terminó antes de matar el servidor").toBe(true);
      const exitCode = await live.exited;
      expect(live.child.signalCode).toBe("SIGKILL");

      // Right after the crash, before any restart: the database is consistent on its own.
      const storageRoot = path.join(dataDir, "files");
      expect(await checkInvariants(scratch.url)).toEqual([]);
      const afterKill = await checkInvariants(scratch.url, { storageRoot });
      const orphansFromKill = afterKill.filter((line) => line.startsWith("orphan file")).length;
      expect(afterKill.filter((line) => !line.startsWith("orphan file"))).toEqual([]);

      // The restart comes later than the sweep's grace period (files aged by hand); plus planted strays: an
      // old orphan and an old half-written temp file (must go) and a fresh one (must stay: it could be an
      // upload another instance is committing right now).
      const aged = (Date.now() - ORPHAN_GRACE_MS - 60_000) / 1000;
      for (const key of await listProofFiles(storageRoot))
        utimesSync(path.join(storageRoot, key), aged, aged);
      const plant = (key: string, old: boolean) => {
        const file = path.join(storageRoot, key);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, png);
        if (old) utimesSync(file, aged, aged);
        return file;
      };
      const oldOrphan = plant(`proofs/2020/01/${randomUUID()}.png`, true);
      const oldTemp = plant(`proofs/2020/01/${randomUUID()}.png.a1b2c3d4e5f6.tmp`, true);
      const freshOrphan = plant(`proofs/2020/01/${randomUUID()}.png`, false);

      const restarting = Date.now();
      server = await start();
      const restartMs = Date.now() - restarting;
      const sweep = await waitForLog(server, "revisión de archivos huérfanos terminada", 30_000);
      expect(existsSync(oldOrphan)).toBe(false);
      expect(existsSync(oldTemp)).toBe(false);
      expect(existsSync(freshOrphan)).toBe(true);
      rmSync(freshOrphan);

      // Every acknowledged write is there.
      const ids = [...ledger.uploads.keys()];
      const proofRows = ids.length
        ? await db
            .select({ id: paymentProofs.id, userId: paymentProofs.userId, status: paymentProofs.status })
            .from(paymentProofs)
            .where(inArray(paymentProofs.id, ids))
        : [];
      const found = new Map(proofRows.map((row) => [row.id, row]));
      for (const [id, upload] of ledger.uploads) {
        const row = found.get(id);
        if (ledger.deletes.has(id)) expect(row, `borrado confirmado ${id}`).toBeUndefined();
        else if (!row)
          expect(ledger.deleteAttempts.has(id), `comprobante confirmado perdido ${id}`).toBe(true);
        else expect(row.userId).toBe(upload.userId);
      }
      const ticketRows = await db
        .select({ paymentId: tickets.paymentId, n: tickets.ticketNumber })
        .from(tickets)
        .where(eq(tickets.status, "sold"));
      const owned = new Map<string, string[]>();
      for (const row of ticketRows) {
        if (row.paymentId)
          owned.set(row.paymentId, [...(owned.get(row.paymentId) ?? []), formatTicketNumber(row.n, 300)]);
      }
      for (const [id, numbers] of ledger.approvals) {
        const row = found.get(id);
        if (!row) {
          expect(ledger.deleteAttempts.has(id), `aprobación confirmada perdida ${id}`).toBe(true);
          continue;
        }
        expect(row.status).toBe("approved");
        expect((owned.get(id) ?? []).sort()).toEqual([...numbers].sort());
      }

      // The restarted server serves them too (sessions survive): owners see their approved numbers.
      const sample = [...ledger.approvals.keys()].filter((id) => found.has(id)).slice(0, 5);
      for (const id of sample) {
        const owner = ledger.uploads.get(id);
        const response = await fetch(`${base}/api/proofs/${id}`, {
          headers: { cookie: owner?.cookie ?? "" },
        });
        expect(response.status).toBe(200);
        const proof = (await response.json()) as { status: string; ticketNumbers: string[] };
        expect(proof.status).toBe("approved");
        expect([...proof.ticketNumbers].sort()).toEqual([...(ledger.approvals.get(id) ?? [])].sort());
      }

      // And it keeps working: a new upload and its approval go through.
      const quiet = buyers[buyers.length - 1];
      const form = proofForm(png, {
        raffleId: raffleIds[0] ?? "",
        paymentMethod: "zelle",
        quantity: 2,
        refPrefix: "AFTER",
      });
      const fresh = await fetch(`${base}/api/proofs`, {
        method: "POST",
        headers: { cookie: quiet?.cookie ?? "", "content-type": form.contentType },
        body: form.body,
      });
      const freshBody = (await fresh.json()) as { id: string };
      expect([201, 409], JSON.stringify(freshBody)).toContain(fresh.status);
      if (fresh.status === 201) {
        const approve = await fetch(`${base}/api/admin/proofs/${freshBody.id}/approve`, {
          method: "POST",
          headers: { cookie: admin },
        });
        expect(approve.status).toBe(200);
      }

      expect(await checkInvariants(scratch.url, { storageRoot })).toEqual([]);

      console.info(
        `[crash] SIGKILL after ${acks} acknowledged operations (exit ${exitCode}, ${ledger.lost} requests cut ` +
          `on the wire); acknowledged: ${ledger.uploads.size} uploads, ${ledger.approvals.size} approvals, ` +
          `${ledger.deletes.size} deletions; orphan files left by the kill: ${orphansFromKill}; startup sweep ` +
          `removed ${sweep.deleted} (checked ${sweep.checked}); restarted and healthy in ${restartMs} ms`,
      );
    }, 180_000);
  },
);
