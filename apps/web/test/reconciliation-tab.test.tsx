// @vitest-environment happy-dom
import type {
  BulkApproveResult,
  Reconciliation,
  ReconciliationRow,
  StatementMapping,
  StatementPreview,
  StatementUploadResult,
} from "@rifazo/shared/schemas/admin/reconciliation";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ReconciliationTab } from "../src/features/admin/reconciliation/reconciliation-tab";
import { renderWithProviders, stubFetch } from "./render";

// The admin's Conciliación tab against a stubbed API: the upload's proposed mapping fills the form, the
// preview shows every unreadable row, the import asks to skip them explicitly, and the bulk approval sends
// exactly the clean matches after a confirmation.

const fetchMock = stubFetch();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const STATEMENT_ID = "5b1d0f64-1c1a-4c55-9d2c-0a0f7a9e1c01";

const UPLOAD: StatementUploadResult = {
  statementId: STATEMENT_ID,
  filename: "movimientos-noviembre.csv",
  kind: "csv",
  encoding: "windows-1252",
  delimiter: ";",
  rows: [
    ["Banco de Venezuela", "", "", ""],
    ["Cuenta 0102-0000-00-0000000000", "", "", ""],
    ["Fecha", "Referencia", "Concepto", "Monto"],
    ["20/11/2026", "000123456", "PAGO MOVIL", "1.194,56"],
    ["21/11/2026", "000123457", "COMISION", "-5,00"],
    ["32/13/2026", "000999", "PAGO MOVIL", "abc"],
  ],
  totalRows: 6,
  proposed: {
    headerRow: 2,
    hasHeader: true,
    date: 0,
    reference: 1,
    description: 2,
    amount: 3,
    credit: null,
    debit: null,
    type: null,
    dateOrder: "DMY",
    decimal: ",",
    encoding: "windows-1252",
    delimiter: ";",
  },
  remembered: null,
  detectedBank: null,
  questions: ["Las fechas pueden leerse como día/mes o mes/día: confirma el orden."],
  banks: [],
};

const PREVIEW: StatementPreview = {
  movements: [
    {
      row: 3,
      date: "2026-11-20",
      reference: "123456",
      referenceRaw: "000123456",
      description: "PAGO MOVIL",
      amount: 1194.56,
      referenceDamaged: false,
    },
  ],
  problems: [{ row: 5, cells: ["32/13/2026", "000999", "PAGO MOVIL", "abc"], message: "Fecha no válida." }],
  counts: { movements: 1, problems: 1, skipped: 1, alreadyImported: 0, damaged: 0 },
  warnings: [],
};

function row(proofId: string, status: ReconciliationRow["status"], extra: Partial<ReconciliationRow> = {}) {
  return {
    proofId,
    raffleId: "r1",
    raffleTitle: "Moto 0 km",
    buyerName: `Comprador ${proofId.slice(0, 4)}`,
    paymentMethod: "pago_movil",
    transactionRef: "123456",
    amountVes: 1000,
    createdAt: "2026-11-20T14:00:00.000Z",
    status,
    movement:
      status === "no_movement"
        ? null
        : {
            id: `m-${proofId}`,
            date: "2026-11-20",
            reference: "0000123456",
            description: "PAGO MOVIL",
            amount: status === "amount_differs" ? 900 : 1000,
            bankName: "Banco de Venezuela",
          },
    usedByProofId: status === "movement_used" ? "99999999-0000-4000-8000-000000000000" : null,
    ...extra,
  } satisfies ReconciliationRow;
}

const MATCHED_A = "aaaa0000-0000-4000-8000-000000000001";
const MATCHED_B = "bbbb0000-0000-4000-8000-000000000002";
const DIFFERS = "cccc0000-0000-4000-8000-000000000003";
const USED = "dddd0000-0000-4000-8000-000000000004";

const RECONCILIATION: Reconciliation = {
  rows: [
    row(MATCHED_A, "matched", { amountVes: 1194.56 }),
    row(DIFFERS, "amount_differs"),
    row(MATCHED_B, "matched", { amountVes: 2000, movement: null }),
    row(USED, "movement_used"),
  ],
  counts: { matched: 2, amount_differs: 1, no_movement: 0, movement_used: 1 },
  tolerance: 0,
};

type Handler = (init: RequestInit | undefined) => Response;
let overrides: Record<string, Handler> = {};

beforeEach(() => {
  overrides = {};
  vi.stubGlobal("EventSource", undefined);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    const key = `${method} ${url.split("?")[0]}`;
    const override = overrides[key];
    if (override) return override(init);
    if (key === "GET /api/admin/raffles") return json(200, { items: [] });
    if (key === "GET /api/admin/bank-mappings") return json(200, []);
    if (key === "GET /api/admin/statements") return json(200, []);
    if (key === "GET /api/admin/reconciliation")
      return json(200, {
        ...RECONCILIATION,
        rows: [],
        counts: { matched: 0, amount_differs: 0, no_movement: 0, movement_used: 0 },
      });
    if (key === "POST /api/admin/statements") return json(200, UPLOAD);
    if (key === `POST /api/admin/statements/${STATEMENT_ID}/preview`) return json(200, PREVIEW);
    return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
  });
});

const bodyOf = (key: string) => {
  const [method, path] = key.split(" ");
  const calls = fetchMock.mock.calls.filter(
    ([url, init]) => String(url).split("?")[0] === path && (init?.method ?? "GET") === method,
  );
  return calls.map(([, init]) => JSON.parse(String(init?.body)) as unknown);
};

async function uploadFile(user: ReturnType<typeof userEvent.setup>) {
  const file = new File(["Fecha;Referencia\n"], "movimientos-noviembre.csv", { type: "text/csv" });
  await user.upload(screen.getByLabelText(/Archivo del extracto/), file);
  await user.click(screen.getByRole("button", { name: "Subir extracto" }));
}

describe("ReconciliationTab: subir y mapear un extracto", () => {
  it("muestra el error del servidor al subir un archivo que no se puede leer", async () => {
    overrides["POST /api/admin/statements"] = () =>
      json(400, { error: { code: "BAD_REQUEST", message: "El archivo está vacío: no tiene movimientos." } });
    const user = userEvent.setup();
    renderWithProviders(<ReconciliationTab />);
    await uploadFile(user);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("El archivo está vacío: no tiene movimientos.");
    // Still on the upload step, to pick another file.
    expect(screen.getByRole("button", { name: "Subir extracto" })).toBeInTheDocument();
  });

  it("rellena el mapeo propuesto y muestra la vista previa con cada fila ilegible", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ReconciliationTab />);
    await uploadFile(user);

    expect(await screen.findByText(UPLOAD.questions[0] as string)).toBeInTheDocument();
    // Focus moves from the gone upload button to where the mapping step starts.
    expect(screen.getByRole("heading", { name: /movimientos-noviembre\.csv/ })).toHaveFocus();
    expect(screen.getByLabelText("Fila del encabezado")).toHaveValue(3);
    expect(screen.getByRole("button", { name: "Fila 3 como encabezado" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const date = screen.getByLabelText("Fecha") as HTMLSelectElement;
    expect(date.value).toBe("0");
    expect(date.selectedOptions[0]?.textContent).toBe("A · Fecha");
    expect((screen.getByLabelText("Referencia") as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      "B · Referencia",
    );
    expect((screen.getByLabelText("Monto (con signo)") as HTMLSelectElement).value).toBe("3");
    expect(screen.getByLabelText("Orden de la fecha")).toHaveValue("DMY");
    expect(screen.getByLabelText("Codificación")).toHaveValue("windows-1252");

    // The preview: dates and amounts the Venezuelan way, and the unreadable row with its cells.
    const movements = await screen.findByRole("table", { name: "Movimientos" });
    expect(within(movements).getByText("20/11/2026")).toBeInTheDocument();
    expect(within(movements).getByText("1.194,56 Bs")).toBeInTheDocument();
    expect(screen.getByText("Filas ilegibles", { selector: "dt" }).nextSibling).toHaveTextContent("1");
    const problems = screen.getByRole("list", { name: "Filas ilegibles" });
    expect(within(problems).getByText(/Fila 6:/)).toHaveTextContent("Fila 6: Fecha no válida.");
    expect(within(problems).getByText("32/13/2026 | 000999 | PAGO MOVIL | abc")).toBeInTheDocument();
    expect(bodyOf(`POST /api/admin/statements/${STATEMENT_ID}/preview`)[0]).toEqual({
      mapping: UPLOAD.proposed,
    });

    // A new header row asks for a new preview with it.
    await user.click(screen.getByRole("button", { name: "Fila 1 como encabezado" }));
    await waitFor(() =>
      expect(bodyOf(`POST /api/admin/statements/${STATEMENT_ID}/preview`)).toContainEqual({
        mapping: { ...UPLOAD.proposed, headerRow: 0 },
      }),
    );
  });

  it("importar exige marcar la casilla cuando hay filas ilegibles", async () => {
    overrides[`POST /api/admin/statements/${STATEMENT_ID}/import`] = () =>
      json(200, { statementId: STATEMENT_ID, bankMappingId: "b1", imported: 1, duplicates: 3, problems: 1 });
    const user = userEvent.setup();
    renderWithProviders(<ReconciliationTab />);
    await uploadFile(user);
    await screen.findByRole("table", { name: "Movimientos" });
    await user.type(screen.getByLabelText("Nombre del banco"), "Banco de Venezuela");
    const importButton = screen.getByRole("button", { name: "Importar movimientos" });
    await waitFor(() => expect(importButton).toBeEnabled());
    await user.click(importButton);

    const checkbox = screen.getByRole("checkbox", { name: "Importar sin la fila ilegible" });
    expect(await screen.findByText(/marca la casilla para importar el resto/)).toBeInTheDocument();
    expect(checkbox).toHaveFocus();
    expect(bodyOf(`POST /api/admin/statements/${STATEMENT_ID}/import`)).toHaveLength(0);

    await user.click(checkbox);
    await user.click(importButton);
    await waitFor(() =>
      expect(bodyOf(`POST /api/admin/statements/${STATEMENT_ID}/import`)).toEqual([
        { bankName: "Banco de Venezuela", mapping: UPLOAD.proposed, skipUnreadable: true },
      ]),
    );
    expect(await screen.findByText("Extracto importado: movimientos-noviembre.csv")).toBeInTheDocument();
    expect(screen.getByText(/repetidos \(ya estaban importados\)/)).toHaveTextContent("3 repetidos");
  });
});

describe("ReconciliationTab: banco recordado y columnas de créditos", () => {
  it("envía el banco elegido, rellena su nombre y previsualiza con créditos y débitos aparte", async () => {
    const bank = {
      id: "bank-1",
      name: "Banesco",
      mapping: UPLOAD.proposed as StatementMapping,
      updatedAt: "2026-11-01T00:00:00.000Z",
    };
    overrides["GET /api/admin/bank-mappings"] = () => json(200, [bank]);
    overrides["POST /api/admin/statements"] = () => json(200, { ...UPLOAD, banks: [bank] });
    const user = userEvent.setup();
    renderWithProviders(<ReconciliationTab />);
    await screen.findByRole("option", { name: "Banesco" });
    await user.selectOptions(screen.getByLabelText("Banco (opcional)"), "bank-1");
    await uploadFile(user);
    await screen.findByRole("table", { name: "Movimientos" });
    const upload = fetchMock.mock.calls.find(
      ([url, init]) => url === "/api/admin/statements" && init?.method === "POST",
    );
    const form = upload?.[1]?.body;
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get("bankId")).toBe("bank-1");
    expect(screen.getByLabelText("Nombre del banco")).toHaveValue("Banesco");

    await user.selectOptions(screen.getByLabelText("Cómo viene el monto"), "split");
    await user.selectOptions(screen.getByLabelText("Créditos"), "3");
    await waitFor(() =>
      expect(bodyOf(`POST /api/admin/statements/${STATEMENT_ID}/preview`)).toContainEqual({
        mapping: { ...UPLOAD.proposed, amount: null, credit: 3, debit: null },
      }),
    );
  });
});

describe("ReconciliationTab: banco detectado, sin encabezado, tipo NC/ND y avisos", () => {
  const POSITIONAL: StatementUploadResult = {
    ...UPLOAD,
    filename: "MOVIMIENTOS.TXT",
    rows: [
      ["01050000000000000000", "20/11/2026", "000012345678", "PAGO MOVIL", "NC", "1.194,56", "16.194,56"],
      ["01050000000000000000", "20/11/2026", "000012345679", "COMISION", "ND", "5,00", "16.189,56"],
    ],
    totalRows: 2,
    proposed: {
      ...(UPLOAD.proposed as StatementMapping),
      headerRow: 0,
      hasHeader: false,
      date: 1,
      reference: 2,
      description: 3,
      amount: 5,
      type: 4,
    },
    detectedBank: {
      code: "0105",
      name: "Mercantil",
      layout: "mercantil-posicional",
      evidence: ["cuenta 0105… en cada movimiento"],
    },
    questions: [],
  };

  it("muestra el banco, la opción sin fila de encabezado y la columna de tipo, y los avisos en español", async () => {
    overrides["POST /api/admin/statements"] = () => json(200, POSITIONAL);
    overrides[`POST /api/admin/statements/${STATEMENT_ID}/preview`] = () =>
      json(200, {
        ...PREVIEW,
        movements: [
          {
            ...(PREVIEW.movements[0] as StatementPreview["movements"][number]),
            reference: "8.53E+10",
            referenceRaw: "8.53E+10",
            referenceDamaged: true,
          },
        ],
        problems: [],
        counts: { ...PREVIEW.counts, problems: 0, damaged: 1 },
        warnings: [
          "Los montos de la columna G parecen un saldo acumulado: cada fila es la anterior más o menos otra columna. Elige la columna del monto (o del crédito), no la del saldo.",
        ],
      } satisfies StatementPreview);
    const user = userEvent.setup();
    renderWithProviders(<ReconciliationTab />);
    await uploadFile(user);

    expect(await screen.findByText("Banco detectado: Mercantil (0105)")).toBeInTheDocument();
    expect(screen.getByText(/Lo reconocimos por: cuenta 0105… en cada movimiento/)).toBeInTheDocument();
    expect(screen.getByLabelText("Nombre del banco")).toHaveValue("Mercantil");
    const noHeader = screen.getByRole("checkbox", { name: /Sin fila de encabezado/ });
    expect(noHeader).toBeChecked();
    expect(screen.getByLabelText("Fila del primer movimiento")).toHaveValue(1);
    expect(screen.getByLabelText("Cómo viene el monto")).toHaveValue("typed");
    expect(screen.getByLabelText("Monto (sin signo)")).toHaveValue("5");
    const type = screen.getByLabelText(
      "Tipo de movimiento (NC/ND, C/D, Crédito/Débito)",
    ) as HTMLSelectElement;
    expect(type.value).toBe("4");
    // Without a header the columns are named by their letter only.
    expect(type.selectedOptions[0]?.textContent).toBe("Columna E");

    expect(await screen.findByText(/columna G parecen un saldo acumulado/)).toBeInTheDocument();
    expect(screen.getByText("Revisa la columna del monto")).toBeInTheDocument();
    const movements = await screen.findByRole("table", { name: "Movimientos" });
    expect(within(movements).getByText("referencia dañada")).toBeInTheDocument();
    expect(screen.getByText(/1 movimiento tiene la referencia dañada/)).toBeInTheDocument();
    expect(bodyOf(`POST /api/admin/statements/${STATEMENT_ID}/preview`)[0]).toEqual({
      mapping: POSITIONAL.proposed,
    });

    // The file has a header after all: the next preview reads row 1 as the header.
    await user.click(noHeader);
    expect(screen.getByLabelText("Fila del encabezado")).toHaveValue(1);
    await waitFor(() =>
      expect(bodyOf(`POST /api/admin/statements/${STATEMENT_ID}/preview`)).toContainEqual({
        mapping: { ...POSITIONAL.proposed, hasHeader: true },
      }),
    );
    // Back to a signed amount: no type column is sent.
    await user.selectOptions(screen.getByLabelText("Cómo viene el monto"), "signed");
    await waitFor(() =>
      expect(bodyOf(`POST /api/admin/statements/${STATEMENT_ID}/preview`)).toContainEqual({
        mapping: { ...POSITIONAL.proposed, hasHeader: true, type: null },
      }),
    );
  });
});

describe("ReconciliationTab: aprobar las coincidencias", () => {
  it("envía solo los comprobantes que coinciden, tras confirmar, y muestra el resumen", async () => {
    let approved: BulkApproveResult | null = null;
    overrides["GET /api/admin/reconciliation"] = () => json(200, RECONCILIATION);
    overrides["POST /api/admin/reconciliation/approve"] = () => {
      approved = {
        approved: [{ proofId: MATCHED_A, movementId: `m-${MATCHED_A}`, tickets: ["0042", "0043"] }],
        skipped: [{ proofId: MATCHED_B, reason: "El movimiento ya no coincide." }],
      };
      return json(200, approved);
    };
    const user = userEvent.setup();
    renderWithProviders(<ReconciliationTab />);

    const list = await screen.findByRole("list", { name: "Comprobantes comparados" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(4);
    expect(
      within(list).getByRole("link", { name: "Ver el comprobante que ya usó este movimiento" }),
    ).toHaveAttribute("href", "/admin?tab=payments&proof=99999999-0000-4000-8000-000000000000");
    expect(screen.getByRole("button", { name: "Coincide (2)" })).toBeInTheDocument();

    const approve = screen.getByRole("button", { name: "Aprobar 0 pagos" });
    expect(approve).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: /Seleccionar todas las coincidencias/ }));
    await user.click(screen.getByRole("button", { name: "Aprobar 2 pagos" }));

    const dialog = await screen.findByRole("alertdialog", { name: "¿Aprobar 2 pagos?" });
    expect(dialog).toHaveTextContent("2 comprobantes");
    expect(dialog).toHaveTextContent("3.194,56 Bs");
    expect(bodyOf("POST /api/admin/reconciliation/approve")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Aprobar pagos" }));

    await waitFor(() =>
      expect(bodyOf("POST /api/admin/reconciliation/approve")).toEqual([
        { proofIds: [MATCHED_A, MATCHED_B], tolerance: 0 },
      ]),
    );
    const approvedList = await screen.findByRole("list", { name: "Pagos aprobados" });
    expect(approvedList).toHaveTextContent("Comprador aaaa: boletos 0042, 0043");
    expect(screen.getByRole("list", { name: "Pagos omitidos" })).toHaveTextContent(
      "Comprador bbbb: El movimiento ya no coincide.",
    );
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    // The list is asked again after the approval.
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/admin/reconciliation?")).length,
      ).toBeGreaterThan(1),
    );
  });

  it("si la aprobación falla, el diálogo sigue abierto con el mensaje del servidor", async () => {
    overrides["GET /api/admin/reconciliation"] = () => json(200, RECONCILIATION);
    overrides["POST /api/admin/reconciliation/approve"] = () =>
      json(409, { error: { code: "CONFLICT", message: "Otro administrador está aprobando estos pagos." } });
    const user = userEvent.setup();
    renderWithProviders(<ReconciliationTab />);
    await screen.findByRole("list", { name: "Comprobantes comparados" });
    await user.click(screen.getByRole("checkbox", { name: "Seleccionar pago de Comprador aaaa" }));
    await user.click(screen.getByRole("button", { name: "Aprobar 1 pago" }));
    const dialog = await screen.findByRole("alertdialog", { name: "¿Aprobar 1 pago?" });
    expect(dialog).toHaveTextContent("1.194,56 Bs");
    await user.click(within(dialog).getByRole("button", { name: "Aprobar pagos" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Otro administrador está aprobando estos pagos.",
    );
    expect(bodyOf("POST /api/admin/reconciliation/approve")).toEqual([
      { proofIds: [MATCHED_A], tolerance: 0 },
    ]);
  });
});
