// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { AdminRaffle } from "../src/features/admin/api/admin-api";
import {
  BeaconForm,
  DrawAdminSection,
  ExternalResultForm,
} from "../src/features/admin/raffles/draw-admin-section";
import { ExternalBindingSection } from "../src/features/admin/raffles/external-binding-section";
import { renderWithProviders, stubFetch } from "./render";

// The admin's draw forms (decision 0012): the server verifies every beacon and result; its Spanish message
// shows under the field it concerns.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const SIGNATURE = "ab".repeat(48);

const refusal = (message: string, fields?: Record<string, string>) =>
  Response.json({ error: { code: "VALIDATION", message, ...(fields ? { fields } : {}) } }, { status: 400 });

describe("Pegar beacon", () => {
  it("sends round and signature and shows the server's refusal under the signature", async () => {
    fetchMock.mockResolvedValue(refusal("La firma del beacon no es válida para la ronda 1234."));
    renderWithProviders(<BeaconForm raffleId="r1" round={1234} />);
    expect(screen.getByLabelText("Ronda")).toHaveValue("1234");
    await userEvent.type(screen.getByLabelText("Firma (signature)"), SIGNATURE);
    await userEvent.click(screen.getByRole("button", { name: "Verificar y sortear" }));

    const field = screen.getByLabelText("Firma (signature)");
    await waitFor(() => expect(field).toHaveAccessibleDescription(/no es válida para la ronda 1234/));
    expect(field).toHaveAttribute("aria-invalid", "true");
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe("/api/admin/raffles/r1/beacon");
    expect(JSON.parse(String(init?.body))).toEqual({ round: 1234, signature: SIGNATURE });
  });

  it("puts a message the server gives for a field under that field", async () => {
    fetchMock.mockResolvedValue(
      refusal("Datos inválidos.", { round: "Esa no es la ronda fijada en el acta (1234)." }),
    );
    renderWithProviders(<BeaconForm raffleId="r1" round={1234} />);
    const round = screen.getByLabelText("Ronda");
    await userEvent.clear(round);
    await userEvent.type(round, "1235");
    await userEvent.type(screen.getByLabelText("Firma (signature)"), SIGNATURE);
    await userEvent.click(screen.getByRole("button", { name: "Verificar y sortear" }));
    await waitFor(() =>
      expect(round).toHaveAccessibleDescription("Esa no es la ronda fijada en el acta (1234)."),
    );
  });

  it("refuses a signature that is not hex without asking the server", async () => {
    renderWithProviders(<BeaconForm raffleId="r1" round={1234} />);
    await userEvent.type(screen.getByLabelText("Firma (signature)"), "no es hex");
    await userEvent.click(screen.getByRole("button", { name: "Verificar y sortear" }));
    expect(screen.getByLabelText("Firma (signature)")).toHaveAccessibleDescription(
      "La firma debe ser texto hexadecimal (96 caracteres para quicknet).",
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("Registrar resultado oficial", () => {
  it("a correction proposal requires its reason and the official publication, and sends both", async () => {
    fetchMock.mockResolvedValue(Response.json({ ok: true }));
    renderWithProviders(<ExternalResultForm raffleId="r2" correcting />);
    await userEvent.type(screen.getByLabelText("Resultado oficial"), "4821");
    await userEvent.type(
      screen.getByLabelText("Enlace a la publicación oficial"),
      "https://loteria.example/acta",
    );
    await userEvent.click(screen.getByRole("button", { name: "Proponer corrección" }));
    expect(screen.getByLabelText("Motivo de la corrección")).toHaveAccessibleDescription(
      "Explica por qué se corrige el resultado.",
    );
    // Decision 0024: without the publication file nothing is sent either.
    expect(
      screen.getByLabelText("Publicación oficial (foto o PDF, hasta 700 KB)"),
    ).toHaveAccessibleDescription(/Adjunta la publicación oficial del resultado/);
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText("Motivo de la corrección"), "Se transcribió mal una cifra");
    const pdf = new File(["%PDF-1.4"], "resultado.pdf", { type: "application/pdf" });
    await userEvent.upload(screen.getByLabelText("Publicación oficial (foto o PDF, hasta 700 KB)"), pdf);
    await userEvent.click(screen.getByRole("button", { name: "Proponer corrección" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe("/api/admin/raffles/r2/external-result");
    expect(JSON.parse(String(init?.body))).toEqual({
      result: "4821",
      sourceUrl: "https://loteria.example/acta",
      reason: "Se transcribió mal una cifra",
      publication: { contentType: "application/pdf", dataBase64: btoa("%PDF-1.4") },
    });
  });
});

describe("Descalificar ganador", () => {
  it("asks for a reason in a labelled dialog that says the replacement cannot be chosen", async () => {
    const { v2Record, RAFFLE_ID } = await import("./fixtures/v2-record");
    const record = await v2Record();
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === "POST") return Response.json({ ok: true });
      if (String(input) === "/api/draws")
        return Response.json([{ raffleId: RAFFLE_ID, recordUrl: `/api/raffles/${RAFFLE_ID}/record` }]);
      return Response.json(record);
    });
    renderWithProviders(<DrawAdminSection raffle={{ id: RAFFLE_ID, status: "finished" } as AdminRaffle} />);
    const buttons = await screen.findAllByRole("button", { name: "Descalificar ganador" });
    // Three prizes, one already disqualified: its replacement and the two others can be.
    expect(buttons).toHaveLength(3);
    await userEvent.click(buttons[0] as HTMLElement);

    const dialog = await screen.findByRole("alertdialog", { name: /^Descalificar el boleto \d{3}$/ });
    // Decision 0021: the replacement comes from a drand round that does not exist yet.
    expect(dialog).toHaveAccessibleDescription(
      /ronda de drand que todavía no se ha publicado.*al decidir, no se puede saber quién entrará/,
    );
    // No reason chosen: refused in the dialog, nothing sent.
    await userEvent.click(within(dialog).getByRole("button", { name: "Descalificar" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      /Elige el motivo de la lista publicada/,
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(0);

    // The reasons are the rules' closed list, offered as choices, never free text.
    const reasons = within(dialog).getByRole("group", {
      name: "Motivo (de la lista publicada en las reglas)",
    });
    expect(within(reasons).getAllByRole("radio")).toHaveLength(2);
    expect(within(dialog).queryByRole("textbox")).not.toBeInTheDocument();
    await userEvent.click(within(reasons).getByRole("radio", { name: /no reclamó el premio/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Descalificar" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(String(post?.[0])).toBe(`/api/admin/raffles/${RAFFLE_ID}/disqualify`);
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ reason: "unclaimed" });
  });
});

describe("Lotería que decide la rifa (external binding)", () => {
  const external = (editable: boolean) =>
    ({
      id: "r3",
      announcementType: "external",
      totalTickets: 1000,
      externalBinding: {
        externalLottery: editable ? null : "Triple Zulia 4:45 p. m.",
        externalDrawAt: editable ? null : "2026-12-01T20:45:00.000Z",
        externalRule: editable ? null : { kind: "last_digits", digits: 3 },
        externalRuleText: editable ? null : "Las 3 últimas cifras del número ganador",
        editable,
      },
    }) as AdminRaffle;

  it("sends the lottery, its time and the rule, and shows the server's field message", async () => {
    fetchMock.mockResolvedValue(
      refusal("La regla no alcanza", {
        externalRule: "Con 1000 boletos la regla debe leer al menos 3 cifras.",
      }),
    );
    renderWithProviders(<ExternalBindingSection raffle={external(true)} />);
    await userEvent.type(screen.getByLabelText("Lotería y sorteo"), "Triple Zulia 4:45 p. m.");
    await userEvent.type(screen.getByLabelText("Fecha y hora del sorteo de la lotería"), "2026-12-01T16:45");
    await userEvent.type(screen.getByLabelText("Regla: cifras finales del resultado oficial"), "2");
    await userEvent.click(screen.getByRole("button", { name: "Guardar lotería" }));
    await waitFor(() =>
      expect(
        screen.getByLabelText("Regla: cifras finales del resultado oficial"),
      ).toHaveAccessibleDescription(/al menos 3 cifras/),
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe("/api/admin/raffles/r3/external-binding");
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(String(init?.body))).toMatchObject({
      externalLottery: "Triple Zulia 4:45 p. m.",
      externalRule: { kind: "last_digits", digits: 2 },
    });
  });

  it("after the first sale shows the binding, fixed", () => {
    renderWithProviders(<ExternalBindingSection raffle={external(false)} />);
    expect(screen.queryByRole("button", { name: "Guardar lotería" })).not.toBeInTheDocument();
    expect(screen.getByText("Las 3 últimas cifras del número ganador")).toBeInTheDocument();
    expect(screen.getByText(/Fijada/)).toBeInTheDocument();
  });
});
