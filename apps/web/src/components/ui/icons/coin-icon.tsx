import { Icon, type IconProps } from "./icon";

export const CoinIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3l3 3-3 3-3-3zM6 9l3 3-3 3-3-3zM18 9l3 3-3 3-3-3zM12 15l3 3-3 3-3-3z" />
  </Icon>
);
