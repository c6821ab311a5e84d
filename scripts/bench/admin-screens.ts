// The organiser's two first screens under data (docs/decisions/0015-the-organisers-day.md): "Hoy"
// (GET /api/admin/today) and the proofs inbox "Comprobantes" (GET /api/admin/proofs, its filters and
// GET /api/admin/proofs/pending-count), through the whole app (app.inject: guard, validation,
// serialization). Measured twice: on the demo catalogue, then with `extra` proofs added in bulk by SQL
// (generate_series: many raffles, buyers, statuses, methods, OCR readings and flags, 90 days of history).
import os from "node:os";
import { sql } from "drizzle-orm";
import { waitForTicketPools } from "../../apps/api/src/modules/admin/raffles/ticket-pool";
import { seedDemo } from "../../apps/api/src/seed/demo";
import { createRaffle, type Harness } from "./harness";

export interface ScreenTiming {
  name: string;
  url: string;
  runs: number[];
  status: number;
  bytes: number;
}

export interface AdminScreensStage {
  proofs: number;
  pending: number;
  seedMs: number;
  load: number;
  timings: ScreenTiming[];
}

export interface AdminScreensResult {
  stages: AdminScreensStage[];
}

/** The requests the two screens make, and the inbox's filters an organiser reaches for. */
function requests(raffleId: string | null): Array<{ name: string; url: string }> {
  return [
    { name: "Hoy", url: "/api/admin/today" },
    { name: "Bandeja: pendientes, 1.ª página", url: "/api/admin/proofs?status=pending&page=1" },
    { name: "Bandeja: contador de pendientes", url: "/api/admin/proofs/pending-count" },
    { name: "Bandeja: todos, más recientes", url: "/api/admin/proofs?page=1" },
    { name: "Bandeja: aprobados, página 3", url: "/api/admin/proofs?status=approved&page=3" },
    ...(raffleId
      ? [{ name: "Bandeja: una rifa", url: `/api/admin/proofs?status=pending&raffleId=${raffleId}&page=1` }]
      : []),
    { name: "Bandeja: método Zelle", url: "/api/admin/proofs?status=pending&method=zelle&page=1" },
    { name: "Bandeja: búsqueda «maria»", url: "/api/admin/proofs?q=maria&page=1" },
    {
      name: "Bandeja: referencia repetida",
      url: "/api/admin/proofs?flag=duplicate_reference&page=1",
    },
    { name: "Bandeja: imagen casi idéntica", url: "/api/admin/proofs?flag=near_duplicate&page=1" },
    { name: "Bandeja: monto distinto", url: "/api/admin/proofs?flag=amount_mismatch&page=1" },
    {
      name: "Bandeja: recibo no coincide (OCR)",
      url: "/api/admin/proofs?status=pending&flag=ocr_mismatch&page=1",
    },
  ];
}

async function timeAll(h: Harness, raffleId: string | null, runs: number): Promise<ScreenTiming[]> {
  const out: ScreenTiming[] = [];
  for (const { name, url } of requests(raffleId)) {
    // One warm-up call (statement plans, caches), then `runs` timed calls one after the other.
    const first = await h.call("GET", url);
    if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body.slice(0, 300)}`);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const response = await h.call("GET", url);
      times.push(performance.now() - t0);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
    }
    out.push({ name, url, runs: times, status: first.statusCode, bytes: first.rawPayload.length });
  }
  return out;
}

async function counts(h: Harness) {
  const [row] = await h.database.query<{ n: number; pending: number }>(
    "SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'pending')::int AS pending FROM payment_proofs",
  );
  return { proofs: Number(row?.n ?? 0), pending: Number(row?.pending ?? 0) };
}

/**
 * `extra` proofs in one INSERT … SELECT generate_series over `buyers` new buyers and `raffles` new
 * raffles: 6 % pending, 78 % approved (reviewed over the last 90 days), 16 % rejected; methods spread
 * over the eight; half read by OCR (a realistic 1–2 KB reading, one in 25 with another reference);
 * one in 200 a near-copy image of an earlier proof and one in 300 a rejected resend of a live reference.
 */
async function seedBulk(h: Harness, extra: number, buyers: number, raffleCount: number) {
  const { db } = h.app.ctx;
  const raffleIds: string[] = [];
  for (let i = 0; i < raffleCount; i++) {
    raffleIds.push(
      await createRaffle(h, {
        title: `Rifa masiva ${i + 1}`,
        totalTickets: 100,
        endDate: new Date(Date.now() + (i % 10 === 0 ? 12 : 24 * (i + 2)) * 3_600_000).toISOString(),
      }),
    );
  }
  await waitForTicketPools(h.app.ctx);
  const raffleArray = sql.raw(`ARRAY[${raffleIds.map((id) => `'${id}'::uuid`).join(",")}]`);
  await db.execute(sql`
    INSERT INTO users (id, full_name, email, email_verified, created_at, updated_at)
    SELECT 'bulk_buyer_' || g,
      (ARRAY['María','José','Luis','Ana','Carmen','Pedro','Rosa','Carlos'])[1 + g % 8] || ' ' ||
      (ARRAY['González','Rodríguez','Pérez','Hernández','García','Martínez','López','Díaz'])[1 + (g / 8) % 8] || ' ' || g,
      'comprador' || g || '@rifazo.bench', true, now() - (g % 365) * interval '1 day', now()
    FROM generate_series(1, ${buyers}) AS g`);
  await db.execute(sql`
    INSERT INTO payment_proofs (user_id, raffle_id, amount, currency, exchange_rate, payment_method,
      transaction_ref, reference_key, proof_image_path, proof_image_filename, proof_content_type, proof_size,
      status, quantity_of_tickets, reviewed_by, reviewed_at, analysis_status, analysis_attempts, analyzed_at,
      ocr, ocr_reference_key, admin_notes, created_at, updated_at)
    SELECT 'bulk_buyer_' || (1 + g % ${buyers}),
      CASE WHEN g % 50 = 0 THEN NULL ELSE (${raffleArray})[1 + g % ${raffleCount}] END,
      CASE WHEN m.method IN ('pago_movil','transferencia','tarjeta_nacional') THEN 400 + (g % 7) * 40 ELSE 10 + g % 7 END,
      CASE WHEN m.method IN ('pago_movil','transferencia','tarjeta_nacional') THEN 'VES' ELSE 'USD' END,
      CASE WHEN m.method IN ('pago_movil','transferencia','tarjeta_nacional') THEN 40 ELSE NULL END,
      m.method, lpad((10000000000 + g)::text, 12, '0'),
      CASE WHEN m.method IN ('pago_movil','transferencia') THEN 'banco:' ELSE m.method || ':' END || lpad((10000000000 + g)::text, 12, '0'),
      'proofs/bulk/' || g || '.png', 'comprobante-' || g || '.png', 'image/png', 80000 + g % 50000,
      s.status, 1 + g % 5,
      CASE WHEN s.status <> 'pending' THEN ${h.adminId} END,
      CASE WHEN s.status <> 'pending' THEN c.created + interval '3 hours' END,
      CASE WHEN g % 2 = 0 THEN 'done' WHEN g % 7 = 0 THEN 'skipped' ELSE 'pending' END,
      CASE WHEN g % 2 = 0 THEN 1 ELSE 0 END,
      CASE WHEN g % 2 = 0 THEN c.created + interval '1 minute' END,
      CASE WHEN g % 2 = 0 THEN jsonb_build_object(
        'fields', jsonb_build_object(
          'reference', CASE WHEN g % 25 = 0 THEN lpad((20000000000 + g)::text, 12, '0') ELSE lpad((10000000000 + g)::text, 12, '0') END,
          'amount', NULL, 'currency', NULL, 'date', to_char(c.created, 'YYYY-MM-DD'), 'bank', 'Banesco'),
        'confidence', 80 + g % 20,
        'text', repeat('PAGO MOVIL EXITOSO Banco Banesco Referencia ' || g || ' Monto Bs. 400,00 Fecha ', 20),
        'engine', 'tesseract.js 5', 'ms', 700 + g % 900) END,
      CASE WHEN g % 2 = 0 THEN
        CASE WHEN m.method IN ('pago_movil','transferencia') THEN 'banco:' ELSE m.method || ':' END ||
        CASE WHEN g % 25 = 0 THEN lpad((20000000000 + g)::text, 12, '0') ELSE lpad((10000000000 + g)::text, 12, '0') END END,
      CASE WHEN s.status = 'rejected' THEN 'La referencia no aparece en el banco' END,
      c.created, c.created
    FROM generate_series(1, ${extra}) AS g
    CROSS JOIN LATERAL (SELECT (ARRAY['pago_movil','pago_movil','pago_movil','transferencia','zelle','binance',
      'efectivo_usd','tarjeta_nacional','tarjeta_internacional','otro'])[1 + g % 10] AS method) m
    CROSS JOIN LATERAL (SELECT CASE WHEN g % 100 < 6 THEN 'pending' WHEN g % 100 < 84 THEN 'approved'
      ELSE 'rejected' END AS status) s
    CROSS JOIN LATERAL (SELECT now() - ((${extra} - g)::float8 / ${extra}) * interval '90 days'
      - interval '10 minutes' AS created) c`);
  // Flags: near-copies of an earlier image, and rejected resends of a live reference (a duplicate).
  await db.execute(sql`
    UPDATE payment_proofs p SET near_duplicate_of = o.id
    FROM payment_proofs o
    WHERE p.proof_image_path LIKE 'proofs/bulk/%' AND o.proof_image_path = 'proofs/bulk/' ||
      (split_part(split_part(p.proof_image_path, '/', 3), '.', 1)::int - 1) || '.png'
      AND split_part(split_part(p.proof_image_path, '/', 3), '.', 1)::int % 200 = 0`);
  await db.execute(sql`
    INSERT INTO payment_proofs (user_id, raffle_id, amount, currency, payment_method, transaction_ref,
      reference_key, proof_image_path, proof_content_type, proof_size, status, reviewed_by, reviewed_at,
      analysis_status, created_at, updated_at)
    SELECT p.user_id, p.raffle_id, p.amount, p.currency, p.payment_method, p.transaction_ref, p.reference_key,
      p.proof_image_path || '.resend', p.proof_content_type, p.proof_size, 'rejected', ${h.adminId},
      p.created_at + interval '2 hours', 'skipped', p.created_at + interval '1 hour', p.created_at + interval '1 hour'
    FROM payment_proofs p
    WHERE p.proof_image_path LIKE 'proofs/bulk/%' AND p.status IN ('pending', 'approved')
      AND split_part(split_part(p.proof_image_path, '/', 3), '.', 1)::int % 300 = 1`);
  // What autovacuum does after a bulk load: statistics, and the visibility map index-only scans rely on.
  await db.execute(sql`VACUUM ANALYZE`);
  return raffleIds;
}

export async function benchAdminScreens(
  h: Harness,
  options: { extra: number; runs: number; buyers: number; raffles: number },
): Promise<AdminScreensResult> {
  const stages: AdminScreensStage[] = [];
  let t0 = performance.now();
  await seedDemo(h.app.ctx);
  await waitForTicketPools(h.app.ctx);
  await h.app.ctx.db.execute(sql`VACUUM ANALYZE`);
  let seedMs = performance.now() - t0;
  const demoRaffle = (await h.call("GET", "/api/admin/proofs?page=1")).json() as {
    items: Array<{ raffleId: string | null }>;
  };
  const firstRaffle = demoRaffle.items.find((item) => item.raffleId)?.raffleId ?? null;
  console.log("bench: admin-screens: catálogo demo sembrado; midiendo...");
  stages.push({
    ...(await counts(h)),
    seedMs,
    load: os.loadavg()[0] ?? 0,
    timings: await timeAll(h, firstRaffle, options.runs),
  });
  if (options.extra > 0) {
    console.log(`bench: admin-screens: sembrando ${options.extra} comprobantes más...`);
    t0 = performance.now();
    const raffleIds = await seedBulk(h, options.extra, options.buyers, options.raffles);
    seedMs = performance.now() - t0;
    console.log(`bench: admin-screens: sembrado en ${Math.round(seedMs)} ms; midiendo...`);
    stages.push({
      ...(await counts(h)),
      seedMs,
      load: os.loadavg()[0] ?? 0,
      timings: await timeAll(h, raffleIds[1] ?? firstRaffle, options.runs),
    });
  }
  return { stages };
}
