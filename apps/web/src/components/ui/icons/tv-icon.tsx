import { Icon, type IconProps } from "./icon";

export const TvIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2" y="7" width="20" height="14" rx="2" />
    <path d="M17 2l-5 5-5-5" />
  </Icon>
);
