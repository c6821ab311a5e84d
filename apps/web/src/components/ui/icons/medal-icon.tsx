import { Icon, type IconProps } from "./icon";

export const MedalIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7.2 2h9.6L14 8.5M10 8.5 7.2 2" />
    <circle cx="12" cy="15" r="6" />
    <path d="M12 12.5v5M10.5 13.5 12 12.5" />
  </Icon>
);
