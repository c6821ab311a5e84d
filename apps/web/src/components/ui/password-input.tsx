import { useState } from "react";
import { cn } from "../../lib/cn";
import { EyeIcon, EyeOffIcon } from "./icons";
import { Input, type InputProps } from "./input";

/** A password field with a show/hide toggle; the toggle never submits the form. */
export function PasswordInput({ className, ...props }: Omit<InputProps, "type">) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        type={visible ? "text" : "password"}
        className={cn("pr-12", className)}
        autoCapitalize="none"
        spellCheck={false}
        {...props}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? "Ocultar contraseña" : "Mostrar contraseña"}
        aria-pressed={visible}
        aria-controls={props.id}
        className="absolute inset-y-1 right-1 inline-flex w-10 items-center justify-center rounded-control text-lg text-muted hover:bg-brand-50 hover:text-brand-800"
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
}
