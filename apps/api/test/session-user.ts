// The session an active buyer carries (Bronce, no points, e-mail verified), for the tests and benches that
// call the services directly instead of sending a request.
import type { SessionUser } from "@rifazo/shared";

export function buyerSession(user: Pick<SessionUser, "id" | "email" | "fullName">): SessionUser {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    role: "user",
    status: "active",
    phone: null,
    avatarUrl: null,
    points: 0,
    pointsEarned: 0,
    level: "Bronce",
    emailVerified: true,
    twoFactorEnabled: false,
    isSeller: false,
    registrationDate: new Date().toISOString(),
  };
}
