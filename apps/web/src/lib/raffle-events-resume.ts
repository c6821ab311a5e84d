// Where the first raffle-event connection resumes: the event id a server-rendered page's data was read
// at. Apart from lib/use-raffle-events so that the entry (main.tsx sets it) does not carry the stream.
let resumeAfter: number | null = null;

/** Called once with the server-rendered page's state (main.tsx). */
export function resumeRaffleEventsAfter(eventId: number | null): void {
  resumeAfter = eventId;
}

/** The id to resume after, once: later connections resume by themselves. */
export function takeResumeId(): number | null {
  const id = resumeAfter;
  resumeAfter = null;
  return id;
}
