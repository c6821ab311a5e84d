import { Icon, type IconProps } from "./icon";

export const AwardIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="8" r="6" />
    <path d="M15.5 13.3 17 22l-5-3-5 3 1.5-8.7" />
  </Icon>
);
