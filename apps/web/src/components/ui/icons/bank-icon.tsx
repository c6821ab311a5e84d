import { Icon, type IconProps } from "./icon";

export const BankIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 21h18M4 10h16M12 3l8 5H4zM6 10v8M10 10v8M14 10v8M18 10v8" />
  </Icon>
);
