import { Input, type InputProps } from "./input";

/** A Venezuelan mobile number: the phone keyboard, the national number's autofill and the example. */
export function PhoneInput(props: Omit<InputProps, "type">) {
  return (
    <Input type="tel" inputMode="tel" autoComplete="tel-national" placeholder="0414-1234567" {...props} />
  );
}
