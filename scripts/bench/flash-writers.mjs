// The writing side of the flash sale, in its own process so that its timings are not held up by the event
// loop of the load generator: `count` proofs uploaded through POST /api/proofs (multipart with a real PNG)
// by the signed-in demo users, evenly over the first 80 % of the window, each approved by the
// administrator (POST /api/admin/proofs/:id/approve, `approvers` at a time) as soon as it lands.
// Input: a JSON file (argv[2]) with { url, origin, raffleId, adminCookie, users: [{ cookie }], count,
// windowMs, startAt (epoch ms), approvers, price, ticketsPerUpload }. Output: JSON on stdout's last line.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A phone-screenshot-like PNG (720×1280, white with rows of grey "text"), about 100 kB. */
function receiptPng() {
  const width = 720;
  const height = 1280;
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height, 0xff);
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    const inText = y % 32 >= 8 && y % 32 < 20 && y > 120 && y < 1100;
    if (!inText) continue;
    for (let x = 60; x < width - 60; x++) {
      if (random() < 0.12) {
        const grey = Math.floor(random() * 120);
        raw.fill(grey, y * row + 1 + x * 3, y * row + 1 + x * 3 + 3);
      }
    }
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 6 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const png = receiptPng();
const windowEnd = plan.startAt + plan.windowMs;
const uploads = { ok: 0, failed: [], latencies: [], late: 0 };
const approvals = { ok: 0, failed: [], latencies: [], late: 0 };
const queue = [];
let uploadsFinished = false;
let wake;

async function approve(id) {
  const t0 = performance.now();
  let status = 0;
  let text = "";
  try {
    const response = await fetch(`${plan.url}/api/admin/proofs/${id}/approve`, {
      method: "POST",
      headers: { cookie: plan.adminCookie, origin: plan.origin },
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    text = String(error);
  }
  approvals.latencies.push(performance.now() - t0);
  if (Date.now() > windowEnd) approvals.late++;
  if (status === 200) approvals.ok++;
  else approvals.failed.push(`aprobar: ${status} ${text.slice(0, 160)}`);
}

async function approver() {
  for (;;) {
    const id = queue.shift();
    if (id) {
      await approve(id);
      continue;
    }
    if (uploadsFinished) return;
    await new Promise((resolve) => {
      wake = resolve;
      setTimeout(resolve, 50);
    });
  }
}

async function upload(i) {
  const user = plan.users[i % plan.users.length];
  const form = new FormData();
  form.set("raffleId", plan.raffleId);
  form.set("paymentMethod", "pago_movil");
  form.set("transactionRef", `FLASH${i}${randomBytes(4).toString("hex")}`);
  form.set("amount", String(plan.price * plan.ticketsPerUpload));
  form.set("currency", "USD");
  form.set("quantity", String(plan.ticketsPerUpload));
  form.set("idempotencyKey", `bench-${randomBytes(8).toString("hex")}`);
  form.set("file", new Blob([png], { type: "image/png" }), "comprobante.png");
  const t0 = performance.now();
  try {
    const response = await fetch(`${plan.url}/api/proofs`, {
      method: "POST",
      headers: { cookie: user.cookie, origin: plan.origin },
      body: form,
    });
    const body = await response.json().catch(() => null);
    uploads.latencies.push(performance.now() - t0);
    if (Date.now() > windowEnd) uploads.late++;
    if (response.status === 201 && body?.id) {
      uploads.ok++;
      queue.push(body.id);
      wake?.();
    } else uploads.failed.push(`subir: ${response.status} ${JSON.stringify(body).slice(0, 160)}`);
  } catch (error) {
    uploads.failed.push(`subir: ${error}`);
  }
}

const approversDone = Promise.all(Array.from({ length: plan.approvers }, approver));
await Promise.all(
  Array.from({ length: plan.count }, async (_, i) => {
    const wait = plan.startAt + (i * plan.windowMs * 0.8) / plan.count - Date.now();
    if (wait > 0) await sleep(wait);
    await upload(i);
  }),
);
uploadsFinished = true;
wake?.();
await approversDone;
// Compact, so the last line stays small whatever happened.
const compact = (r) => ({
  ok: r.ok,
  late: r.late,
  failedCount: r.failed.length,
  failed: r.failed.slice(0, 5),
  latencies: r.latencies.map((v) => Math.round(v * 10) / 10),
});
console.log(
  JSON.stringify({ pngBytes: png.length, uploads: compact(uploads), approvals: compact(approvals) }),
);
