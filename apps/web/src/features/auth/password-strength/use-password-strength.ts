import { useEffect, useState } from "react";

// The strength estimator carries its dictionaries (about a megabyte): it is imported on demand, only by
// the forms that set a password, so no other page (the home page least of all) downloads it.
type Estimator = typeof import("@rifazo/shared/password-strength");
let estimator: Promise<Estimator> | undefined;

function loadEstimator(): Promise<Estimator> {
  estimator ??= import("@rifazo/shared/password-strength").catch((error: unknown) => {
    estimator = undefined; // a failed chunk load may succeed on the next try
    throw error;
  });
  return estimator;
}

/** Why `password` is too weak (Spanish, from the same rule the server applies), or null when it is fine. */
export async function passwordWeakness(
  password: string,
  userInputs: ReadonlyArray<string | null | undefined>,
): Promise<string | null> {
  const { checkPasswordStrength } = await loadEstimator();
  const verdict = checkPasswordStrength(password, userInputs);
  return verdict.ok ? null : verdict.reason;
}

export type PasswordStrength =
  | { state: "idle" }
  | { state: "checking" }
  | { state: "weak"; reason: string }
  | { state: "strong" };

const DEBOUNCE_MS = 300;

/** The verdict for what the user is typing, recomputed once they pause. */
export function usePasswordStrength(
  password: string,
  userInputs: ReadonlyArray<string | null | undefined>,
): PasswordStrength {
  const [strength, setStrength] = useState<PasswordStrength>({ state: "idle" });
  const inputsKey = userInputs.map((v) => v ?? "").join("\u0000");

  useEffect(() => {
    if (!password) {
      setStrength({ state: "idle" });
      return;
    }
    let current = true;
    setStrength((s) => (s.state === "idle" ? { state: "checking" } : s));
    const timer = setTimeout(() => {
      passwordWeakness(password, inputsKey.split("\u0000")).then(
        (reason) => {
          if (current) setStrength(reason ? { state: "weak", reason } : { state: "strong" });
        },
        () => {
          // The server checks again on submit; without the estimator the form just shows no verdict.
          if (current) setStrength({ state: "idle" });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, inputsKey]);

  return strength;
}
