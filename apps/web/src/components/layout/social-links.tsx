import { FacebookIcon, InstagramIcon, YoutubeIcon } from "../ui/icons";

const SOCIAL_ACCOUNTS = [
  { href: "https://www.instagram.com/rifazo", label: "Instagram", icon: <InstagramIcon /> },
  { href: "https://www.facebook.com/rifazo", label: "Facebook", icon: <FacebookIcon /> },
  { href: "https://www.youtube.com/@rifazo", label: "YouTube", icon: <YoutubeIcon /> },
] as const;

/**
 * Rifazo's social accounts as a row of icon links, each opening in a new tab (its name says so, since
 * the icon alone says nothing to a screen reader).
 */
export function SocialLinks({
  className,
  linkClassName,
  linkName,
}: {
  className: string;
  linkClassName: string;
  /** The link's accessible name for the network's label ("Instagram"). */
  linkName: (network: string) => string;
}) {
  return (
    <ul className={className}>
      {SOCIAL_ACCOUNTS.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={linkName(link.label)}
            className={linkClassName}
          >
            {link.icon}
          </a>
        </li>
      ))}
    </ul>
  );
}
