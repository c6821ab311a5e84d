import { Icon, type IconProps } from "./icon";

export const DollarIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6" />
  </Icon>
);
