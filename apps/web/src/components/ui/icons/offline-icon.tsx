import { Icon, type IconProps } from "./icon";

/** A cloud with a slash: the live channel is down. */
export const OfflineIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M2 2l20 20" />
    <path d="M5.8 8.3A6 6 0 0 0 7 20h10a4.5 4.5 0 0 0 2.7-.9M10 4.3A6 6 0 0 1 17.7 9 4.5 4.5 0 0 1 22 14.5a4.5 4.5 0 0 1-.6 2.3" />
  </Icon>
);
