import { Icon, type IconProps } from "./icon";

export const GemIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 3h12l4 6-10 12L2 9zM2 9h20M12 21 8 9l2-6M12 21l4-12-2-6" />
  </Icon>
);
