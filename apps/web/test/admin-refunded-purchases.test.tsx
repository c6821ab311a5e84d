// @vitest-environment happy-dom
import type { AdminParticipation, AdminProof, AdminUser } from "@rifazo/shared/schemas/admin";
import { render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ProofRow } from "../src/features/admin/payments/proof-row";
import { ParticipationsDialog } from "../src/features/admin/users/participations-dialog";
import { makeAdminUser } from "./fixtures/user";
import { renderWithProviders, stubFetch } from "./render";

// The administrator's lists show a refunded purchase as the buyer sees it (purchaseDisplayState):
// "Reembolsado" or "Reembolso pendiente", never a green "Aprobado" (decision 0016).

const fetchMock = stubFetch();

function proof(id: string, refund: AdminProof["refund"]): AdminProof {
  return {
    id,
    userId: "u1",
    buyerName: "Ana Pérez",
    buyerEmail: "ana@example.com",
    buyerPhone: "0414-1234567",
    seller: null,
    raffleId: "r1",
    raffleTitle: "Moto Bera",
    amount: 10,
    currency: "USD",
    exchangeRate: null,
    paymentMethod: "zelle",
    transactionRef: `REF${id}`,
    status: "approved",
    userNotes: null,
    adminNotes: null,
    quantityOfTickets: 2,
    heldNumbers: [],
    tickets: ["0007", "0042"],
    duplicateReference: false,
    duplicateOf: null,
    file: { url: `/api/proofs/${id}/file`, filename: "pago.png", contentType: "image/png", size: 1000 },
    reviewedBy: "admin",
    reviewedAt: "2026-11-20T12:00:00.000Z",
    reviewBefore: null,
    createdAt: "2026-11-20T12:00:00.000Z",
    updatedAt: "2026-11-20T12:00:00.000Z",
    expected: null,
    analysis: { status: "done", ocr: null, mismatches: [], nearDuplicateOf: null },
    flags: [],
    refund,
  };
}

const noop = () => undefined;
const row = (p: AdminProof) => (
  <ul>
    <ProofRow
      proof={p}
      selected={false}
      busy={false}
      onSelect={noop}
      onApprove={noop}
      onReject={noop}
      onDelete={noop}
    />
  </ul>
);

beforeEach(() => {
  vi.stubGlobal("EventSource", undefined);
});

describe("administración: compras reembolsadas", () => {
  it("el buzón de comprobantes dice Reembolsado o Reembolso pendiente, no Aprobado", () => {
    const { unmount } = render(row(proof("p1", { status: "paid" })));
    expect(screen.getByText("Reembolsado")).toBeInTheDocument();
    expect(screen.queryByText("Aprobado")).toBeNull();
    unmount();
    render(row(proof("p2", { status: "pending" })));
    expect(screen.getByText("Reembolso pendiente")).toBeInTheDocument();
    expect(screen.queryByText("Aprobado")).toBeNull();
  });

  it("sin reembolso sigue diciendo Aprobado", () => {
    render(row(proof("p3", null)));
    expect(screen.getByText("Aprobado")).toBeInTheDocument();
  });

  it("las participaciones del usuario dicen Reembolsado", async () => {
    const user: AdminUser = makeAdminUser({ totalTicketsPurchased: 2, totalPaymentProofs: 1 });
    const items: AdminParticipation[] = [
      {
        raffleId: "r1",
        raffleName: "Moto Bera",
        participationDate: "2026-11-20T12:00:00.000Z",
        proofStatus: "approved",
        paymentProofId: "p1",
        quantityOfTickets: 2,
        amount: 10,
        currency: "USD",
        tickets: ["0007", "0042"],
        refund: { status: "paid" },
      },
    ];
    fetchMock.mockResolvedValue(Response.json({ items }));
    renderWithProviders(<ParticipationsDialog user={user} onClose={noop} />);
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("Reembolsado")).toBeInTheDocument();
    expect(within(dialog).queryByText("Aprobado")).toBeNull();
  });
});
