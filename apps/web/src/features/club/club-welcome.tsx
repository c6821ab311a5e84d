import { POINTS_PER_CURRENCY_UNIT } from "@rifazo/shared/constants";
import { pointsEarningText } from "@rifazo/shared/domain/glossary";
import { LEVELS } from "@rifazo/shared/domain/levels";
import { Link } from "react-router";
import { buttonClasses } from "../../components/ui/button";
import { SparklesIcon } from "../../components/ui/icons";
import { paths } from "../../lib/paths";

/** Spec 1 §2: welcome panel for visitors and for members who have no points yet. */
export function ClubWelcome({ signedIn }: { signedIn: boolean }) {
  // 'Bienvenido…!' is the heading; the rest of the level's welcome message follows as text.
  const [heading, ...rest] = (LEVELS[0]?.welcomeMessage || "¡Bienvenido al Rifazo Club!").split(/(?<=!)\s+/);
  return (
    <section
      aria-labelledby="club-bienvenida"
      className="on-dark relative overflow-hidden rounded-card bg-gradient-to-br from-brand-800 to-brand-950 p-6 text-white shadow-card sm:p-8"
    >
      <div className="relative max-w-2xl space-y-4">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent-400 text-2xl text-brand-950">
          <SparklesIcon />
        </span>
        <h2 id="club-bienvenida" className="text-2xl font-black sm:text-3xl">
          {heading}
        </h2>
        {rest.length ? <p className="text-lg font-semibold text-white">{rest.join(" ")}</p> : null}
        <p className="text-brand-100">
          Sumas {pointsEarningText(POINTS_PER_CURRENCY_UNIT)}. Con ellos subes de nivel, obtienes descuentos
          en tus boletos y canjeas recompensas.
          {signedIn
            ? " Compra tus primeros boletos para empezar a sumar."
            : " Crea tu cuenta gratis para empezar a sumar."}
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.raffles} className={buttonClasses({ variant: "accent", size: "lg" })}>
            Explorar Rifas
          </Link>
          {signedIn ? null : (
            <Link
              to={paths.register}
              className={buttonClasses({
                variant: "outline",
                size: "lg",
                className: "border-white/40! bg-transparent! text-white! hover:bg-white/10!",
              })}
            >
              Crear Cuenta
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
