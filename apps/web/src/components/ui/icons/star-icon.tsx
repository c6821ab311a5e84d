import { Icon, type IconProps } from "./icon";

export const StarIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z" />
  </Icon>
);
