/** An option of Select (Radix) and NativeSelect. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}
