export type ShareOutcome = "shared" | "copied" | "cancelled" | "failed";

/** The parts of `navigator` sharing needs (a parameter so the logic can be tested without a browser). */
export interface ShareNavigator {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  clipboard?: { writeText: (text: string) => Promise<void> };
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

/**
 * Opens the phone's share sheet when there is one; otherwise copies the link. Closing the share sheet is
 * not a failure (nothing is said), but a share sheet that fails falls back to copying.
 */
export async function shareLink(
  nav: ShareNavigator,
  data: { title: string; url: string },
): Promise<ShareOutcome> {
  if (typeof nav.share === "function" && (nav.canShare?.(data) ?? true)) {
    try {
      await nav.share(data);
      return "shared";
    } catch (error) {
      if (isAbort(error)) return "cancelled";
    }
  }
  if (nav.clipboard) {
    try {
      await nav.clipboard.writeText(data.url);
      return "copied";
    } catch {
      return "failed";
    }
  }
  return "failed";
}
