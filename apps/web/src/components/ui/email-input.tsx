import { Input, type InputProps } from "./input";

/** An email address: the email keyboard and autofill, and the example every email field shows. */
export function EmailInput(props: Omit<InputProps, "type">) {
  return (
    <Input
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="tucorreo@ejemplo.com"
      {...props}
    />
  );
}
