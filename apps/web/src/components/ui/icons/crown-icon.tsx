import { Icon, type IconProps } from "./icon";

export const CrownIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M2 7l4.5 5L12 4l5.5 8L22 7l-2 12H4zM4 22h16" />
  </Icon>
);
