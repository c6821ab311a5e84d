// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RecordLink } from "../src/features/draws";
import { renderWithProviders, stubFetch } from "./render";

// "Ver el acta del sorteo" appears from the moment the record exists, and finding out never costs a 404
// (a browser logs those as errors): the server's lifecycle.recordAvailable when the raffle carries it,
// else the record of a frozen raffle, or the list of published draws for a finished one.

const fetchMock = stubFetch();
const urls = () => fetchMock.mock.calls.map(([input]) => String(input));

describe("record link", () => {
  it("uses lifecycle.recordAvailable without asking anything", async () => {
    renderWithProviders(
      <RecordLink raffle={{ id: "r1", status: "closed", lifecycle: { recordAvailable: true } } as never} />,
    );
    expect(screen.getByRole("link", { name: /Ver el acta del sorteo/ })).toHaveAttribute(
      "href",
      "/sorteo/r1/acta",
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a raffle on sale asks nothing and shows nothing", () => {
    renderWithProviders(<RecordLink raffle={{ id: "r1", status: "active" }} />);
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a frozen raffle: its record", async () => {
    fetchMock.mockResolvedValue(Response.json({ format: "rifazo-record-1", raffleId: "r1", entries: [] }));
    renderWithProviders(<RecordLink raffle={{ id: "r1", status: "frozen" }} />);
    expect(await screen.findByRole("link", { name: /Ver el acta del sorteo/ })).toBeInTheDocument();
    expect(urls()).toEqual(["/api/raffles/r1/record"]);
  });

  it("a finished raffle: the published draws say whether it has a record (a v1 draw has none)", async () => {
    fetchMock.mockResolvedValue(
      Response.json([
        { raffleId: "v1", recordUrl: null },
        { raffleId: "v2", recordUrl: "/api/raffles/v2/record" },
      ]),
    );
    const { client } = renderWithProviders(<RecordLink raffle={{ id: "v2", status: "finished" }} />);
    expect(await screen.findByRole("link", { name: /Ver el acta del sorteo/ })).toBeInTheDocument();
    renderWithProviders(<RecordLink raffle={{ id: "v1", status: "finished" }} />, { client });
    await waitFor(() => expect(screen.getAllByRole("link")).toHaveLength(1));
    expect(urls()).toEqual(["/api/draws"]);
  });
});
